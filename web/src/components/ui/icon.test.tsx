import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Icon } from './icon'

describe('Icon', () => {
  it('is a line drawing in the text’s colour, hidden from screen readers and never focused', () => {
    const { container } = render(
      <Icon size={14} stroke={1.8}>
        <path d="M5 12h14" />
      </Icon>,
    )
    const svg = container.querySelector('svg')
    expect(svg?.getAttribute('aria-hidden')).toBe('true')
    expect(svg?.getAttribute('focusable')).toBe('false')
    expect([svg?.getAttribute('width'), svg?.getAttribute('height')]).toEqual(['14', '14'])
    expect(svg?.getAttribute('stroke')).toBe('currentColor')
    expect(svg?.getAttribute('stroke-width')).toBe('1.8')
    expect(svg?.querySelector('path')?.getAttribute('d')).toBe('M5 12h14')
  })
})
