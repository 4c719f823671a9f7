import { useEffect, useSyncExternalStore } from 'react'

// The wallet stack (wagmi, viem, RainbowKit, TanStack Query) is most of the app's JavaScript. The shell and the
// home page paint without it; it is fetched when a page needs it, when the player reaches for the connect
// button or otherwise interacts, or at once for a returning wallet user (who reconnects) and inside a Safe.

type WalletStackModule = typeof import('../wallet-stack')

let loading: Promise<WalletStackModule> | undefined
let loaded: WalletStackModule | undefined
let shown = false
let connectRequested = false
const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}

/** Fetches the wallet stack once; resolves with its module. */
export function loadWalletStack(): Promise<WalletStackModule> {
  loading ??= import('../wallet-stack').then((module) => {
    loaded = module
    notify()
    return module
  })
  return loading
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The wallet stack's module once it has loaded; starts loading it while `wanted`. */
export function useWalletStack(wanted: boolean): WalletStackModule | undefined {
  const module = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => undefined,
  )
  useEffect(() => {
    if (wanted) void loadWalletStack()
  }, [wanted])
  return module
}

/** Called by the wallet stack when its button is in the header (true) or gone (false). */
export function setWalletStackShown(value: boolean) {
  shown = value
  notify()
}

/** Whether the wallet stack's own button is in the header. */
export function useWalletStackShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => false,
  )
}

// Set on the root element while a press on connect waits for the wallet stack (the button shows progress), by
// the app or, before the app runs, by public/connect-early.js; `APP_READY` tells that script the app has taken over.
const CONNECT_REQUESTED = 'data-connect-requested'
const APP_READY = 'data-app-ready'

/** The player pressed connect before the wallet stack was there: open the connect modal once it is. */
export function requestConnect() {
  connectRequested = true
  document.documentElement.setAttribute(CONNECT_REQUESTED, '')
  void loadWalletStack()
}

/** Whether a connect was requested early; asking clears it. */
export function takeConnectRequest(): boolean {
  const requested = connectRequested
  connectRequested = false
  document.documentElement.removeAttribute(CONNECT_REQUESTED)
  return requested
}

/**
 * Called as the app starts, before React takes over the page's HTML (from then on React sees presses, and
 * replays those that come while it hydrates): a press on connect the page's early script kept counts.
 */
export function adoptEarlyConnect() {
  const root = document.documentElement
  root.setAttribute(APP_READY, '')
  if (root.hasAttribute(CONNECT_REQUESTED)) requestConnect()
}

/**
 * Whether to load the wallet stack straight away: inside a frame (Safe{Wallet} connects by itself) or when a
 * wallet connected on an earlier visit, which reconnects on load.
 */
export function wantsWalletAtOnce(): boolean {
  if (typeof window === 'undefined') return false
  if (window.parent !== window) return true
  try {
    return localStorage.getItem('wagmi.recentConnectorId') !== null
  } catch {
    return false
  }
}

/** Test hook: back to the state of a fresh page. */
export function resetWalletStackLoader() {
  loading = undefined
  loaded = undefined
  shown = false
  connectRequested = false
  document.documentElement.removeAttribute(CONNECT_REQUESTED)
  document.documentElement.removeAttribute(APP_READY)
}
