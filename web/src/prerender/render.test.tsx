import { act } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { routes } from '@/app/route-table'
import { resetWalletStackLoader } from '@/lib/wallet/shell/stack-loader'
import { render } from './render'

vi.mock('@/lib/wallet/wallet-stack', () => import('@/app/test/wallet-stub'))
// The pages that read the chain stand aside: the shell's HTML and its hydration are under test.
vi.mock('@/features/mint', () => import('@/app/test/page-stubs'))
vi.mock('@/features/stargaze', () => import('@/app/test/page-stubs'))
vi.mock('@/features/compose', () => import('@/app/test/page-stubs'))

afterEach(() => {
  document.body.innerHTML = ''
  resetWalletStackLoader()
  localStorage.clear()
  vi.restoreAllMocks()
})

/** Puts the build's HTML for `path` in the page and hydrates it as the browser does; returns what React reported. */
async function hydrate(path: string, inBrowser?: () => void) {
  const html = await render(path)
  // What only the browser has (storage, say) comes after the build's render, as it does for real.
  inBrowser?.()
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const header = container.querySelector('header')
  const errors: unknown[] = []
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args))
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const root = await act(async () =>
    hydrateRoot(container, <RouterProvider router={router} />, {
      onRecoverableError: (error) => errors.push(error),
    }),
  )
  consoleError.mockRestore()
  return { html, header, container, errors, unmount: () => act(() => root.unmount()) }
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

  it("is the shell with its loading state for a page that needs the wallet, that area's link current", async () => {
    const page = document.createElement('div')
    page.innerHTML = await render('/mint')
    expect(page.querySelector('main [role="status"]')?.textContent).toBe('Loading…')
    expect(page.querySelector('nav[aria-label="Main"] a[aria-current="page"]')?.getAttribute('href')).toBe('/mint')
  })

  it.each(['/', '/mint', '/stargaze', '/compose'])('hydrates at %s without a mismatch', async (path) => {
    const { errors, container, header, unmount } = await hydrate(path)
    expect(errors).toEqual([])
    // The shell's nodes are the ones the HTML made, not new ones (a fresh render would replace them).
    expect(header).not.toBeNull()
    expect(container.querySelector('header')).toBe(header)
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
})
