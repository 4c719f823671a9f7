import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { Profiler, useState } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { markAppReady } from '@/lib/early-press'

vi.mock('./wallet-stack/wallet-kit', async () => (await import('./testing/stack-double')).kitModule)
vi.mock('./wallet-stack/wallet-stack', async () => (await import('./testing/stack-double')).stackModule)

import { freshWalletLoader } from './testing/fresh-wallet-loader'
import { stackDouble } from './testing/stack-double'
import { WalletIsland } from './wallet-island'
import { adoptEarlyConnect, IDLE_TIMEOUT_MS, loadWalletStack, useWalletKit, wantsWalletAtOnce } from './wallet-loader'
import { onConnectRequest, takeConnectRequest } from './wallet-loader/connect-request'
import { setKitButtonShown } from './wallet-loader/load'
import { loader } from './wallet-loader/loader-state'
import { WalletRoot, WalletSlot } from './wallet-root'

beforeEach(() => {
  freshWalletLoader()
  stackDouble.prepared = false
  localStorage.clear()
})
afterEach(() => {
  vi.restoreAllMocks()
  // A warm-up still waiting for its idle period would run after the page (jsdom) is gone.
  freshWalletLoader()
})

/** A page whose counter is its own state, with a wallet island. */
function Page() {
  const [count, setCount] = useState(0)
  return (
    <>
      <h1>The page</h1>
      <button type="button" onClick={() => setCount((c) => c + 1)}>{`Pressed ${count}`}</button>
      <WalletIsland fallback={<p>Reading the chain…</p>}>
        <p>{`From the chain, seen at ${count}`}</p>
      </WalletIsland>
    </>
  )
}

const page = () => (
  <WalletRoot>
    <Page />
  </WalletRoot>
)

describe('WalletRoot', () => {
  it('renders a page that reads no chain at once, and fetches the stack on the first interaction', async () => {
    render(
      <WalletRoot>
        <h1>The page</h1>
      </WalletRoot>,
    )
    expect(screen.getByRole('heading', { name: 'The page' })).toBeDefined()
    expect(screen.queryByTestId('wallet-stack')).toBeNull()
    expect(stackDouble.prepared).toBe(false)
    fireEvent.pointerDown(window)
    expect(await screen.findByTestId('wallet-stack')).toBeDefined()
    expect(stackDouble.prepared).toBe(true)
    expect(screen.getByRole('heading', { name: 'The page' })).toBeDefined()
  })

  it('draws nothing in the first interaction itself, and fetches the kit with the stack', async () => {
    const commits: string[] = []
    render(
      <Profiler id="root" onRender={(_id, phase) => commits.push(phase)}>
        <WalletRoot>
          <h1>The page</h1>
        </WalletRoot>
      </Profiler>,
    )
    expect(commits).toEqual(['mount'])
    // A state set in the press would be drawn inside it, before the press's frame.
    fireEvent.pointerDown(window)
    expect(commits).toEqual(['mount'])
    expect(loader.kit.loading).toBeDefined()
    expect(await screen.findByTestId('wallet-stack')).toBeDefined()
    // Once only: the next press fetches nothing again.
    const kit = loader.kit.loading
    fireEvent.pointerDown(window)
    expect(loader.kit.loading).toBe(kit)
  })

  it("renders the page at once and its islands' fallback until the stack is there, then their content", async () => {
    render(page())
    expect(screen.getByRole('heading', { name: 'The page' })).toBeDefined()
    expect(screen.getByText('Reading the chain…')).toBeDefined()
    expect(await screen.findByText('From the chain, seen at 0')).toBeDefined()
    expect(screen.queryByText('Reading the chain…')).toBeNull()
    expect(screen.getByTestId('wallet-stack')).toBeDefined()
  })

  it('keeps the page, and its state, when the stack arrives; the island follows the page', async () => {
    render(page())
    fireEvent.click(screen.getByRole('button', { name: 'Pressed 0' }))
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeDefined()
    // The island asked for the stack itself; the page was not drawn again from scratch when it came.
    expect(await screen.findByText('From the chain, seen at 1')).toBeDefined()
    fireEvent.click(screen.getByRole('button', { name: 'Pressed 1' }))
    expect(screen.getByText('From the chain, seen at 2')).toBeDefined()
  })

  it('draws an island whose fallback is a bare string, on a page opened once the stack is there', async () => {
    const { rerender } = render(page())
    await screen.findByText('From the chain, seen at 0')
    // In-app navigation: the stack stays, and the next page's island comes with a string as its fallback.
    rerender(
      <WalletRoot>
        <h1>
          <WalletIsland inline fallback="0xf39f…2266">
            <span>alice.eth</span>
          </WalletIsland>
        </h1>
      </WalletRoot>,
    )
    expect(await screen.findByRole('heading', { name: 'alice.eth' })).toBeDefined()
    expect(screen.queryByText('0xf39f…2266')).toBeNull()
  })

  it('takes an island away with its page', async () => {
    const { rerender } = render(page())
    await screen.findByText('From the chain, seen at 0')
    rerender(
      <WalletRoot>
        <h1>Another page</h1>
      </WalletRoot>,
    )
    expect(screen.queryByText(/From the chain/)).toBeNull()
  })
})

describe('WalletSlot', () => {
  it('offers a connect button that fetches the stack and asks for the connect modal', async () => {
    render(<WalletSlot />)
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    expect(button.dataset.testid).toBe('rk-connect-button')
    fireEvent.click(button)
    expect(takeConnectRequest()).toBe(true)
    expect(takeConnectRequest()).toBe(false)
    await loadWalletStack()
    // RainbowKit's own button takes the place once the stack has drawn it.
    act(() => setKitButtonShown(true))
    expect(screen.queryByRole('button', { name: 'Connect Wallet' })).toBeNull()
  })

  it('tells the kit of a press that comes after it has looked for one', async () => {
    // The kit arrives, looks for a request and finds none; the shell's button, still there for a moment, is pressed.
    await loadWalletStack()
    expect(takeConnectRequest()).toBe(false)
    const heard = vi.fn()
    const stop = onConnectRequest(heard)
    render(<WalletSlot />)
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    expect(heard).toHaveBeenCalledTimes(1)
    expect(takeConnectRequest()).toBe(true)
    stop()
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    expect(heard).toHaveBeenCalledTimes(1)
  })

  it('counts a press the kit’s button took the place of before it was let go', async () => {
    render(<WalletSlot />)
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    fireEvent.pointerDown(button)
    await loadWalletStack()
    expect(takeConnectRequest()).toBe(false)
    // The kit's button replaces the shell's mid-press; the click then reaches neither.
    act(() => setKitButtonShown(true))
    expect(takeConnectRequest()).toBe(true)
  })

  it('counts no press begun on the button and let go elsewhere, nor a hover', async () => {
    render(<WalletSlot />)
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    fireEvent.pointerEnter(button)
    fireEvent.pointerDown(button)
    fireEvent.pointerLeave(button)
    await loadWalletStack()
    act(() => setKitButtonShown(true))
    expect(takeConnectRequest()).toBe(false)
  })

  it('does not claim a returning wallet is disconnected while it reconnects', () => {
    localStorage.setItem('wagmi.recentConnectorId', '"injected"')
    render(<WalletSlot />)
    expect(screen.queryByRole('button', { name: 'Connect Wallet' })).toBeNull()
    expect(screen.getByText('Loading your wallet…')).toBeDefined()
  })
})

describe('a press on connect before the app runs', () => {
  // The page's own early script, as the browser runs it before the app's module.
  beforeAll(() => {
    const source = readFileSync(join(import.meta.dirname, '../../boot.js'), 'utf8')
    new Function(source)()
  })

  it('is kept by the early script and becomes a connect request when the app starts', async () => {
    // The HTML's button, before the app has run: no handler of the app's sees the press.
    document.body.innerHTML = '<button type="button" data-early="connect">Connect Wallet</button>'
    screen.getByRole('button', { name: 'Connect Wallet' }).click()
    expect(document.documentElement.hasAttribute('data-connect-requested')).toBe(true)
    markAppReady()
    adoptEarlyConnect()
    expect(takeConnectRequest()).toBe(true)
    expect(document.documentElement.hasAttribute('data-connect-requested')).toBe(false)
    await loadWalletStack()
    // The early script starts the app and fetches the connect modal's modules after the next frame: let it, while
    // there is a page.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
    document.body.innerHTML = ''
  })

  it('is left to the app once it runs, and other presses are never kept', () => {
    markAppReady()
    adoptEarlyConnect()
    const other = document.createElement('button')
    document.body.append(other)
    other.click()
    expect(document.documentElement.hasAttribute('data-connect-requested')).toBe(false)
    expect(takeConnectRequest()).toBe(false)
    other.remove()
  })
})

/** Says whether the kit's module has arrived, without asking for it. */
function KitProbe() {
  return useWalletKit(false) ? <p>The kit is here</p> : null
}

describe('the warm-up once the page has gone quiet', () => {
  /** Idle callbacks the test runs by hand. */
  function idleQueue() {
    const queue: (() => void)[] = []
    const timeouts: (number | undefined)[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout?: number }) => {
      timeouts.push(options?.timeout)
      return queue.push(callback)
    })
    return {
      /** The `timeout` each request gave, in order. */
      timeouts,
      get length() {
        return queue.length
      },
      run: async () => {
        for (const callback of queue.splice(0)) callback()
        await act(async () => {})
      },
    }
  }
  afterEach(() => vi.unstubAllGlobals())

  it('fetches the stack in one idle period and the kit in the next, with no interaction', async () => {
    const idle = idleQueue()
    render(
      <>
        {page()}
        <KitProbe />
      </>,
    )
    expect(screen.queryByTestId('wallet-stack')).toBeNull()
    expect(idle.length).toBe(1)
    await idle.run()
    expect(await screen.findByTestId('wallet-stack')).toBeDefined()
    expect(screen.queryByText('The kit is here')).toBeNull()
    await vi.waitFor(() => expect(idle.length).toBe(1))
    await idle.run()
    expect(await screen.findByText('The kit is here')).toBeDefined()
    // Each step runs as an ordinary task if no idle period comes first.
    expect(idle.timeouts.length).toBeGreaterThanOrEqual(2)
    expect(new Set(idle.timeouts)).toEqual(new Set([IDLE_TIMEOUT_MS]))
  })

  it('preloads the chunks the boot script names into the module map, at low priority, instead of fetching them', async () => {
    const idle = idleQueue()
    const fetched = vi.fn((_input: RequestInfo | URL) => Promise.reject(new Error('no server here')))
    vi.stubGlobal('fetch', fetched)
    const boot = document.createElement('script')
    boot.dataset.connect = '/assets/stack-1a.js /assets/kit-2b.js'
    document.body.append(boot)
    const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')]
    try {
      render(page())
      // The links go in as many idle periods as they take: a slice adds at least one and stops after 8 ms, which a
      // busy machine can take over one link (a CI run's slice added only the first). Once the stack's import is
      // asked for, nothing more is added.
      for (let period = 0; period < 10 && preloads().length < 2; period++) {
        await vi.waitFor(() => expect(idle.length).toBeGreaterThan(0))
        await idle.run()
      }
      const links = preloads()
      expect(
        links.map((link) => [
          link.getAttribute('href'),
          link.getAttribute('crossorigin'),
          link.getAttribute('fetchpriority'),
        ]),
      ).toEqual([
        ['/assets/stack-1a.js', '', 'low'],
        ['/assets/kit-2b.js', '', 'low'],
      ])
      expect(fetched.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/assets/'))).toEqual([])
    } finally {
      for (const link of preloads()) link.remove()
      boot.remove()
    }
  })

  it('is skipped when the browser asks to save data; a press still loads them', async () => {
    const idle = idleQueue()
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } })
    render(
      <WalletRoot>
        <h1>The page</h1>
      </WalletRoot>,
    )
    expect(idle.length).toBe(0)
    fireEvent.pointerDown(window)
    expect(await screen.findByTestId('wallet-stack')).toBeDefined()
  })
})

describe('wantsWalletAtOnce', () => {
  it('is true for a wallet connected on an earlier visit, false for a first visit', () => {
    expect(wantsWalletAtOnce()).toBe(false)
    localStorage.setItem('wagmi.recentConnectorId', '"injected"')
    expect(wantsWalletAtOnce()).toBe(true)
  })

  it('is true inside a frame, as in Safe{Wallet}', () => {
    vi.spyOn(window, 'parent', 'get').mockReturnValue({} as Window)
    expect(wantsWalletAtOnce()).toBe(true)
  })
})
