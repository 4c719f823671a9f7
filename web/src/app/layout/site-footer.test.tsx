import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderRoute } from '../test/render-route'

vi.mock('@/lib/shell/wallet-stack/wallet-stack', () => import('../test/wallet-stub'))
// Pages that read the chain through wagmi stand aside: the shell and the routing are under test here.
vi.mock('@/features/stargaze', () => import('../test/page-stubs'))
vi.mock('@/features/compose', () => import('../test/page-stubs'))

describe('footer', () => {
  it('lists Home and the three areas, then twitter and discord', async () => {
    renderRoute('/')
    const footer = await screen.findByRole('contentinfo')
    const nav = within(footer).getByRole('navigation', { name: 'Footer' })
    const items = within(nav).getAllByRole('link')
    expect(items.map((a) => a.textContent)).toEqual(['Home', 'mint', 'Stargaze', 'Compose', 'twitter', 'discord'])
    expect(items.slice(0, 4).map((a) => a.getAttribute('href'))).toEqual(['/', '/mint', '/stargaze', '/compose'])
  })

  it('opens the community links in a new tab', async () => {
    renderRoute('/')
    const nav = await screen.findByRole('navigation', { name: 'Footer' })
    for (const name of ['twitter', 'discord']) {
      const link = within(nav).getByRole('link', { name })
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    }
  })

  it('marks Home as the current page only on the home page', async () => {
    renderRoute('/stargaze')
    const nav = await screen.findByRole('navigation', { name: 'Footer' })
    await screen.findByRole('heading', { level: 1, name: 'Stargaze' })
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull()
    expect(within(nav).getByRole('link', { name: 'Stargaze' }).getAttribute('aria-current')).toBe('page')
  })
})
