import { render, screen } from '@testing-library/react'
import { createRef } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { Card } from './card'
import { CardLink, CardMainLink } from './card-link'

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

  it('a card holding more than one link has a main one inside it, and keeps its name', () => {
    render(
      <MemoryRouter>
        <Card aria-label="Night sky #3">
          <CardMainLink to="/sky/3">Night sky #3</CardMainLink>
          <a href="/collector/0x1">its owner</a>
        </Card>
      </MemoryRouter>,
    )
    const card = screen.getByRole('article', { name: 'Night sky #3' })
    const main = screen.getByRole('link', { name: 'Night sky #3' })
    expect(main.getAttribute('href')).toBe('/sky/3')
    expect(card.contains(main)).toBe(true)
    // The card's look stays on the card: the link inside is not a second card.
    expect(main.className).not.toBe(card.className)
  })
})
