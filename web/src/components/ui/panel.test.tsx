import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Panel } from './panel'

describe('Panel', () => {
  it('is the element it is asked to be, with its attributes and handlers', () => {
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault())
    render(
      <Panel as="form" aria-label="Your sky" onSubmit={onSubmit} className="column">
        <button type="submit">Mint</button>
      </Panel>,
    )
    const form = screen.getByRole('form', { name: 'Your sky' })
    expect(form.classList.contains('column')).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Mint' }))
    expect(onSubmit).toHaveBeenCalledOnce()
  })

  it('is a plain box by default, and dashed where content is missing', () => {
    render(
      <>
        <Panel>raised</Panel>
        <Panel variant="dashed">dashed</Panel>
      </>,
    )
    const raised = screen.getByText('raised')
    expect(raised.tagName).toBe('DIV')
    expect(raised.className).not.toBe(screen.getByText('dashed').className)
  })
})
