import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Spinner } from './spinner'

describe('Spinner', () => {
  it('is hidden from screen readers: the status beside it is what they read', () => {
    render(
      <p role="status">
        <Spinner /> Reading the gallery…
      </p>,
    )
    expect(screen.getByRole('status').textContent).toBe(' Reading the gallery…')
    expect(screen.getByRole('status').firstElementChild?.getAttribute('aria-hidden')).toBe('true')
  })
})
