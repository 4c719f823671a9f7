import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { APP_PATHS } from './paths'
import { routes } from './route-table'
import { renderRoute } from './test/render-route'

vi.mock('@/lib/shell/wallet-stack/wallet-stack', () => import('./test/wallet-stub'))
// Pages that read the chain through wagmi stand aside: the shell and the routing are under test here.
vi.mock('@/features/stargaze', () => import('./test/page-stubs'))
vi.mock('@/features/compose', () => import('./test/page-stubs'))

describe('routes', () => {
  it('are the pages the build lists for the API, so that it answers any other path with 404', () => {
    const children = routes[0]?.children ?? []
    const paths = children.map((route) => (route.index ? '/' : `/${route.path}`)).filter((path) => path !== '/*')
    expect(paths).toEqual([...APP_PATHS])
  })

  it.each([
    ['/compose', 'Compose'],
    ['/compose/42', 'Compose sky #42'],
  ])('%s shows the %s page', async (path, heading) => {
    renderRoute(path)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeDefined()
  })

  it('the home page says what the game is and leads to each area', async () => {
    renderRoute('/')
    expect(await screen.findByRole('heading', { level: 1, name: 'chainellation' })).toBeDefined()
    await waitFor(() => expect(document.title).toBe('chainellation'))
    const main = screen.getByRole('main')
    for (const href of ['/mint', '/stargaze', '/compose']) {
      expect(main.querySelector(`a[href="${href}"]`)).not.toBeNull()
    }
  })

  it.each(['/compose/abc', '/compose/0', '/compose/07', '/compose/1.5', '/compose/-1', '/compose/99999999999999999'])(
    '%s is not a sky, so it is not found',
    async (path) => {
      renderRoute(path)
      expect(await screen.findByRole('heading', { level: 1, name: 'Lost in space' })).toBeDefined()
      expect(screen.queryByRole('heading', { name: /Compose sky/ })).toBeNull()
      await waitFor(() => expect(document.title).toBe('chainellation — Not found'))
    },
  )

  // A sky's own page reads the chain through wagmi; only the ids it refuses before reading can be checked here.
  it.each(['/sky/abc', '/sky/0', '/sky/07', '/sky/1e3', '/sky/99999999999999999'])(
    '%s is not a sky, so it is not found',
    async (path) => {
      renderRoute(path)
      expect(await screen.findByRole('heading', { level: 1, name: 'Lost in space' })).toBeDefined()
      expect(screen.queryByRole('heading', { name: /Night sky/ })).toBeNull()
      await waitFor(() => expect(document.title).toBe('chainellation — Not found'))
    },
  )

  it.each([
    ['/activity', 'Activity'],
    ['/leaderboard', 'Leaderboard'],
    ['/collector/0xa0ee7a142d267c1f36714e4a8f75612f20a79720', '0xa0…9720'],
  ])('%s shows the %s page', async (path, heading) => {
    renderRoute(path)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeDefined()
  })

  it.each([
    '/collector/nobody',
    '/collector/0x123',
    '/collector/0xa0ee7a142d267c1f36714e4a8f75612f20a7972g',
    // Mixed case with a wrong checksum: a mistyped address, not another account.
    '/collector/0xA0ee7a142d267c1f36714e4a8f75612f20a79720',
  ])('%s is not an account, so it is not found with a sentence', async (path) => {
    renderRoute(path)
    expect(await screen.findByRole('heading', { level: 1, name: 'Lost in space' })).toBeDefined()
    expect(screen.getByText(/is not an account address/)).toBeDefined()
  })

  it('an unknown address is not found and links home', async () => {
    renderRoute('/nebula')
    expect(await screen.findByRole('heading', { level: 1, name: 'Lost in space' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'Back home' }).getAttribute('href')).toBe('/')
  })

  it('keeps the header and footer around every page', async () => {
    renderRoute('/nebula/deeper')
    await screen.findByRole('heading', { level: 1, name: 'Lost in space' })
    expect(screen.getByRole('banner')).toBeDefined()
    expect(screen.getByRole('main')).toBeDefined()
    expect(screen.getByRole('contentinfo')).toBeDefined()
  })
})
