import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { TabLinks } from './tab-links'

describe('TabLinks', () => {
  it('is a named group of links, the current view marked as the page', () => {
    render(
      <MemoryRouter>
        <TabLinks
          label="Rank by"
          tabs={[
            { to: '/leaderboard', label: 'Most constellations', current: false },
            { to: '/leaderboard?by=gazes', label: 'Most gazes', current: true },
          ]}
        />
      </MemoryRouter>,
    )
    const nav = screen.getByRole('navigation', { name: 'Rank by' })
    const [first, second] = Array.from(nav.querySelectorAll('a'))
    expect(first?.getAttribute('href')).toBe('/leaderboard')
    expect(first?.hasAttribute('aria-current')).toBe(false)
    expect(screen.getByRole('link', { name: 'Most gazes' })).toBe(second)
    expect(second?.getAttribute('aria-current')).toBe('page')
  })
})
