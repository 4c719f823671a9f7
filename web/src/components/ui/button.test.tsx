import { fireEvent, render, screen } from '@testing-library/react'
import { createRef } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { ButtonLink } from '../button-link'
import { Button } from './button'

describe('Button', () => {
  it('is a plain button by default: pressing it does not submit the form around it', () => {
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault())
    const onClick = vi.fn()
    render(
      <form onSubmit={onSubmit}>
        <Button onClick={onClick}>Connect wallet</Button>
      </form>,
    )
    const button = screen.getByRole('button', { name: 'Connect wallet' })
    expect(button.getAttribute('type')).toBe('button')
    fireEvent.click(button)
    expect(onClick).toHaveBeenCalledOnce()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('submits when asked to', () => {
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault())
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit">Save draft</Button>
      </form>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(onSubmit).toHaveBeenCalledOnce()
  })

  it('passes disabled, aria-* and the ref through, and adds the caller’s class to its own', () => {
    const ref = createRef<HTMLButtonElement>()
    render(
      <Button disabled aria-busy aria-label="Gazing" className="placed" ref={ref}>
        …
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Gazing' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(ref.current).toBe(button)
    expect(button.classList.contains('placed')).toBe(true)
    expect(button.classList.length).toBeGreaterThan(1)
  })

  it('looks like the link of the same variant: both take their classes from one place', () => {
    render(
      <MemoryRouter>
        <Button variant="secondary">Compose it</Button>
        <ButtonLink to="/compose" variant="secondary">
          Compose it
        </ButtonLink>
        <Button>Stargaze</Button>
      </MemoryRouter>,
    )
    const [secondary, primary] = screen.getAllByRole('button')
    const link = screen.getByRole('link', { name: 'Compose it' })
    expect(link.className).toBe(secondary?.className)
    expect(primary?.className).not.toBe(secondary?.className)
  })
})
