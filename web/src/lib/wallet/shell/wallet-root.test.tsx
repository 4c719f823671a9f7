import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { markAppReady } from '@/lib/early-press'

vi.mock('../wallet-stack', () => ({
  WalletStack: ({ children }: { children: React.ReactNode }) => <div data-testid="wallet-stack">{children}</div>,
}))

import {
  adoptEarlyConnect,
  loadWalletStack,
  resetWalletStackLoader,
  setWalletStackShown,
  takeConnectRequest,
  wantsWalletAtOnce,
} from './stack-loader'
import { WalletRoot, WalletSlot } from './wallet-root'

beforeEach(() => {
  resetWalletStackLoader()
  localStorage.clear()
})
afterEach(() => vi.restoreAllMocks())

const page = (needsWallet: boolean) => (
  <WalletRoot needsWallet={needsWallet} slot={null} fallback={<p>Loading the page…</p>}>
    <h1>The page</h1>
  </WalletRoot>
)

describe('WalletRoot', () => {
  it('renders a page that needs no wallet at once, and wraps it in the stack after the first interaction', async () => {
    render(page(false))
    expect(screen.getByRole('heading', { name: 'The page' })).toBeDefined()
    expect(screen.queryByTestId('wallet-stack')).toBeNull()
    fireEvent.pointerDown(window)
    expect(await screen.findByTestId('wallet-stack')).toBeDefined()
    expect(screen.getByRole('heading', { name: 'The page' })).toBeDefined()
  })

  it('shows the fallback for a page that needs the wallet until the stack is there', async () => {
    render(page(true))
    expect(screen.getByText('Loading the page…')).toBeDefined()
    expect(screen.queryByRole('heading', { name: 'The page' })).toBeNull()
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeDefined()
    expect(screen.getByTestId('wallet-stack')).toBeDefined()
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
    act(() => setWalletStackShown(true))
    expect(screen.queryByRole('button', { name: 'Connect Wallet' })).toBeNull()
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
    const source = readFileSync(join(import.meta.dirname, '../../../../public/boot.js'), 'utf8')
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
