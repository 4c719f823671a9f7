import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderRoute } from '../test/render-route'

vi.mock('@/lib/shell/wallet-stack/wallet-stack', () => import('../test/wallet-stub'))
// Pages that read the chain through wagmi stand aside: the shell and the routing are under test here.
vi.mock('@/features/stargaze', () => import('../test/page-stubs'))
vi.mock('@/features/compose', () => import('../test/page-stubs'))

describe('header', () => {
  it("links the deployment's display name home", async () => {
    renderRoute('/mint')
    const header = await screen.findByRole('banner')
    const brand = within(header).getByRole('link', { name: 'chainellation' })
    expect(brand.getAttribute('href')).toBe('/')
  })

  it('lists mint, Stargaze and Compose, in that order', async () => {
    renderRoute('/')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    const items = within(nav).getAllByRole('link')
    expect(items.map((a) => a.textContent)).toEqual(['mint', 'Stargaze', 'Compose'])
    expect(items.map((a) => a.getAttribute('href'))).toEqual(['/mint', '/stargaze', '/compose'])
  })

  it('marks the current area, including a sky being composed', async () => {
    renderRoute('/compose/3')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    await screen.findByRole('heading', { level: 1, name: 'Compose sky #3' })
    expect(within(nav).getByRole('link', { name: 'Compose' }).getAttribute('aria-current')).toBe('page')
    expect(within(nav).getByRole('link', { name: 'mint' }).getAttribute('aria-current')).toBeNull()
  })

  it('has the wallet button in the bar itself', async () => {
    renderRoute('/')
    const header = await screen.findByRole('banner')
    expect(within(header).getByRole('button', { name: 'Connect Wallet' })).toBeDefined()
  })
})
