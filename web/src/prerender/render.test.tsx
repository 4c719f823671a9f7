import { act, waitFor } from '@testing-library/react'
import { Profiler, type ProfilerOnRenderCallback } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createMemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { App } from '@/app/app'
import { createAppRouter } from '@/app/router'
import { sharedSkyChainId } from '@/features/sky/hooks/use-shared-sky'
import { freshWalletLoader } from '@/lib/shell/testing/fresh-wallet-loader'
import { render } from './render'

// The pages' HTML and its hydration are under test, not what the wallet stack draws later: it draws nothing here.
vi.mock('@/lib/shell/wallet-stack/wallet-stack', () => ({ WalletStack: () => null, prepareWalletStack: () => {} }))

afterEach(() => {
  document.body.innerHTML = ''
  freshWalletLoader()
  localStorage.clear()
  vi.restoreAllMocks()
})

/** Puts the build's HTML for `path` in the page and hydrates it as the browser does; returns what React reported. */
async function hydrate(path: string, inBrowser?: () => void, built?: string) {
  const html = built ?? (await render(path))
  // What only the browser has (storage, say) comes after the build's render, as it does for real.
  inBrowser?.()
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const header = container.querySelector('header')
  const errors: unknown[] = []
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args))
  const router = await createAppRouter(new URL(path, 'http://app.invalid'), (table) =>
    createMemoryRouter(table, { initialEntries: [path] }),
  )
  // Each commit's phase: a `nested-update` is a render that a commit asked for from inside itself (a layout effect or a
  // ref setting state), which React renders at once, in the same blocking task.
  const phases: string[] = []
  const onRender: ProfilerOnRenderCallback = (_id, phase) => phases.push(phase)
  const root = await act(async () =>
    hydrateRoot(
      container,
      <Profiler id="app" onRender={onRender}>
        <App router={router} />
      </Profiler>,
      {
        onRecoverableError: (error) => errors.push(error),
      },
    ),
  )
  consoleError.mockRestore()
  return { html, header, container, errors, phases, unmount: () => act(() => root.unmount()) }
}

describe('the HTML written at build time', () => {
  it('is the whole home page: header, hero, steps and footer, with the connect button', async () => {
    const html = await render('/')
    const page = document.createElement('div')
    page.innerHTML = html
    expect(page.querySelector('h1')?.textContent).toBe('chainellation')
    expect(page.querySelector('header [data-testid="rk-connect-button"]')?.textContent).toBe('Connect Wallet')
    expect(page.querySelector('a[href="/mint"]')).not.toBeNull()
    expect(page.querySelector('footer')).not.toBeNull()
    expect(html).not.toMatch(/<script/i)
  })

  it("is a game area's own page, what it reads from the chain still to come, that area's link current", async () => {
    const page = document.createElement('div')
    page.innerHTML = await render('/mint')
    expect(page.querySelector('h1')?.textContent).toBe('Mint a night sky')
    expect(page.querySelector('main img')?.getAttribute('alt')).toBe('Preview of night sky #1 by night')
    expect(page.querySelector('main [role="status"]')?.textContent).toBe('Reading supply and price from the chain…')
    expect(page.querySelector('nav[aria-label="Main"] a[aria-current="page"]')?.getAttribute('href')).toBe('/mint')
  })

  it('is the shell with its loading state for any other page', async () => {
    const page = document.createElement('div')
    page.innerHTML = await render('/sky/1', { shell: true })
    // Served for /sky/42 and /draft/… alike: nothing of one page in particular.
    expect(page.querySelector('main [role="status"]')?.textContent).toBe('Loading…')
    expect(page.querySelector('main h1')).toBeNull()
    expect(page.querySelector('header [data-testid="rk-connect-button"]')).not.toBeNull()
  })

  it.each(['/', '/mint', '/stargaze', '/compose', '/sky/7', '/activity', '/leaderboard'])(
    'hydrates at %s without a mismatch',
    async (path) => {
      const { errors, container, header, unmount } = await hydrate(path)
      expect(errors).toEqual([])
      // The shell's nodes are the ones the HTML made, not new ones (a fresh render would replace them).
      expect(header).not.toBeNull()
      expect(container.querySelector('header')).toBe(header)
      await unmount()
    },
  )

  it.each(['/', '/mint', '/stargaze', '/sky/7', '/leaderboard'])(
    'hydrates at %s without rendering again inside the commit',
    async (path) => {
      // State set as hydration commits (the header's slot handed up to the layout, say) made React render the whole
      // page again in the same task, hydrating its lazy parts on the way: 120–220 ms a page at 4× CPU
      // (docs/decisions/first-use.md). What follows hydration comes in tasks of its own.
      const { errors, phases, unmount } = await hydrate(path)
      expect(errors).toEqual([])
      expect(phases[0]).toBe('mount')
      expect(phases).not.toContain('nested-update')
      await unmount()
    },
  )

  it('hydrates a shared link to the gazes ranking from the leaderboard’s page, then turns to it', async () => {
    const { errors, container, unmount } = await hydrate(
      '/leaderboard?by=gazes',
      undefined,
      await render('/leaderboard'),
    )
    expect(errors).toEqual([])
    await waitFor(() =>
      expect(container.querySelector('main nav a[aria-current="page"]')?.textContent).toBe('Most gazes'),
    )
    await unmount()
  })

  it('hydrates for a returning wallet too, then shows the wallet loading in the header', async () => {
    const { errors, container, unmount } = await hydrate('/', () =>
      localStorage.setItem('wagmi.recentConnectorId', '"injected"'),
    )
    expect(errors).toEqual([])
    expect(container.querySelector('header [aria-busy="true"]')).not.toBeNull()
    await unmount()
  })

  it("hydrates a sky's page the API wrote its sky into: the picture at once, the rest a render later", async () => {
    const placeholder = 'data:image/svg+xml;base64,U0tZLVBJQ1RVUkU='
    const picture = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`
    const metadata = { name: 'chainellation #7', description: 'A night sky.', image: picture, attributes: [] }
    const tokenUri = `data:application/json;base64,${btoa(JSON.stringify(metadata))}`
    const owner = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
    // As the API serves it (server/src/web-pages.ts): the number and the picture written in, the read beside.
    const template = await render('/sky/9007199254740991', { template: { skyPicture: placeholder } })
    expect(template).toContain(placeholder)
    const built = template.replaceAll('9007199254740991', '7').replace(placeholder, picture)
    const { errors, container, unmount } = await hydrate(
      '/sky/7',
      () => {
        const script = document.createElement('script')
        script.type = 'application/json'
        script.id = 'shared-sky'
        script.textContent = JSON.stringify({ chainId: sharedSkyChainId, skyId: '7', tokenUri, owner })
        document.body.append(script)
      },
      built,
    )
    expect(errors).toEqual([])
    expect(container.querySelector('main img')?.getAttribute('src')).toBe(picture)
    expect(container.querySelector('[data-testid="sky-owner"] [data-testid="account"]')?.getAttribute('title')).toBe(
      owner,
    )
    expect(container.querySelector('main')?.textContent).toContain('A night sky.')
    await unmount()
  })
})
