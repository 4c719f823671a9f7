import { render, screen } from '@testing-library/react'
import { createRef } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { Card } from './card'
import { CardLink } from './card-link'

describe('Card and CardLink', () => {
  it('a card is a named article that hands its element to a ref', () => {
    const ref = createRef<HTMLElement>()
    render(
      <Card aria-label="Sky #3" ref={ref}>
        …
      </Card>,
    )
    expect(screen.getByRole('article', { name: 'Sky #3' })).toBe(ref.current)
  })

  it('a card link is one link with the card’s look', () => {
    render(
      <MemoryRouter>
        <Card>card</Card>
        <CardLink to="/sky/3" aria-label="Open night sky #3">
          link
        </CardLink>
      </MemoryRouter>,
    )
    const link = screen.getByRole('link', { name: 'Open night sky #3' })
    expect(link.getAttribute('href')).toBe('/sky/3')
    const cardClass = screen.getByText('card').className
    expect(link.classList.contains(cardClass)).toBe(true)
  })
})
