import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'

const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

// The owner's name as the API would look it up (docs/decisions/names.md).
vi.mock('@/lib/names/use-name', () => ({
  useName: (address: string) => (address === OWNER ? { name: 'alice.eth', avatar: null } : undefined),
}))

import { SkyTile } from './sky-tile'

const tile = (owner?: `0x${string}`) =>
  render(
    <MemoryRouter>
      <SkyTile id={7n} meta={undefined} failed={false} details={['1 of 5 stars · Secret', 'UTC+01:00']} owner={owner} />
    </MemoryRouter>,
  )

describe('SkyTile', () => {
  it('links the sky to its page and its owner, by name, to their collector page, apart', () => {
    tile(OWNER)
    const card = screen.getByRole('article', { name: 'Night sky #7' })
    const links = within(card).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/sky/7', `/collector/${OWNER}`])
    expect(within(card).getByRole('link', { name: 'alice.eth' })).toBe(links[1])
    // Links do not nest: the owner's is outside the sky's.
    expect(links[0]?.contains(links[1] ?? null)).toBe(false)
    expect(links[0]?.textContent).toContain('1 of 5 stars · Secret')
    expect(links[0]?.textContent).toContain('UTC+01:00')
  })

  it('names no owner where none is given', () => {
    tile()
    const card = screen.getByRole('article', { name: 'Night sky #7' })
    expect(
      within(card)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/sky/7'])
    expect(within(card).queryByText('Owner')).toBeNull()
  })
})
