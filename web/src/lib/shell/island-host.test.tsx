import { act, render, screen } from '@testing-library/react'
import { type ComponentType, Suspense } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('./wallet-stack/wallet-kit', async () => (await import('./testing/stack-double')).kitModule)
vi.mock('./wallet-stack/wallet-stack', async () => (await import('./testing/stack-double')).stackModule)

import { lazyIsland } from './lazy-island'
import { freshWalletLoader } from './testing/fresh-wallet-loader'
import { WalletIsland } from './wallet-island'
import { WalletRoot } from './wallet-root'

beforeEach(() => {
  freshWalletLoader()
  rendered.mockClear()
})
afterEach(() => {
  freshWalletLoader()
  localStorage.clear()
})

/** Drawn beside an island's content, in the same island. */
const rendered = vi.fn()
function Beside() {
  rendered()
  return null
}

/** Renders a page with one island, whose content's code never comes, and returns the island's `load`. */
function pageWithIsland() {
  const load = vi.fn(() => new Promise<never>(() => {}))
  render(
    <WalletRoot>
      <WalletIsland load={load} fallback={<p>Reading the chain…</p>}>
        <p>From the chain</p>
      </WalletIsland>
    </WalletRoot>,
  )
  return load
}

/** An island's content whose code comes when the test says. */
function contentArrivingLater() {
  let arrive: (component: ComponentType) => void = () => {}
  const Content = lazyIsland(() => new Promise<ComponentType>((resolve) => (arrive = resolve)))
  return { Content, arrive: (text: string) => arrive(() => <p>{text}</p>) }
}

describe('an island’s content', () => {
  it('is asked for at once on a returning wallet’s page, which fetches the stack as it starts', () => {
    localStorage.setItem('wagmi.recentConnectorId', '"injected"')
    const load = pageWithIsland()
    // In the commit's effects, not a frame and a task later.
    expect(load).toHaveBeenCalled()
  })

  it('is asked for once the page’s frame is drawn on a visitor’s page', async () => {
    const load = pageWithIsland()
    expect(load).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(load).toHaveBeenCalled())
  })

  it('draws at once, without suspending, once its code is here', async () => {
    const { Content, arrive } = contentArrivingLater()
    const loading = Content.load()
    arrive('Drawn at once')
    await loading
    render(
      <Suspense fallback={<p>Suspended</p>}>
        <Content />
      </Suspense>,
    )
    // In the very first render: React.lazy suspends on any promise, even a resolved one.
    expect(screen.getByText('Drawn at once')).toBeDefined()
    expect(screen.queryByText('Suspended')).toBeNull()
  })

  it('comes in as its code arrives after the stack, with no wait for a Suspense reveal', async () => {
    const { Content, arrive } = contentArrivingLater()
    render(
      <WalletRoot>
        <WalletIsland load={Content.load} fallback={<p>Reading the chain…</p>}>
          <Beside />
          <Content />
        </WalletIsland>
      </WalletRoot>,
    )
    await screen.findByTestId('wallet-stack')
    expect(screen.getByText('Reading the chain…')).toBeDefined()
    // Not drawn before its code is here: drawn, it suspends and its boundary shows a fallback, and React reveals a
    // boundary that showed one no sooner than 300 ms on (a throttle React skips inside act, so it is not timed here).
    expect(rendered).not.toHaveBeenCalled()
    await act(async () => arrive('From the chain'))
    expect(rendered).toHaveBeenCalled()
    expect(screen.getByText('From the chain')).toBeDefined()
    expect(screen.queryByText('Reading the chain…')).toBeNull()
  })
})
