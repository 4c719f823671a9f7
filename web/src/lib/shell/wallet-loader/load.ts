import { startTransition, useEffect, useState, useSyncExternalStore } from 'react'
import { prefetchSession } from '@/lib/sign-in/session-prefetch'
import { wantKitPictures } from '@/lib/wallet/kit-bridge'
import { runInSlices } from './idle-slices'
import { loader, notify, type WalletKitModule, type WalletStackModule } from './loader-state'

// The wallet libraries are most of the app's JavaScript, in two parts (docs/decisions/first-use.md):
// - the wallet stack (wagmi, viem, TanStack Query): what a game page reads the chain with. Pages paint without it;
//   it is fetched once a page with wallet islands is on screen, when the player reaches for the connect button or
//   otherwise interacts, or at once for a returning wallet user (who reconnects) and inside a Safe;
// - the kit (RainbowKit: the wallet button, the modals, sign-in): fetched on the player's first interaction or
//   press on connect, or at once for a returning wallet user and inside a Safe. A game page never waits for it.
// Both are also warmed up once the page has loaded and gone quiet (warm-up.ts), so that a press on connect after a
// moment's reading opens RainbowKit's modal at once; a pointer over connect or focus on it starts at once.

/** Fetches the wallet stack once; resolves with its module. */
export function loadWalletStack(): Promise<WalletStackModule> {
  const { stack } = loader
  if (!stack.loading) prefetchSession()
  stack.loading ??= import('../wallet-stack/wallet-stack')
    // Evaluating the stack's modules is one task; creating wagmi's configuration (its connectors, its stored state)
    // is the next, so that neither holds the main thread long: 55–68 ms at 4× CPU as one.
    .then((module) => new Promise<WalletStackModule>((resolve) => setTimeout(() => resolve(module))))
    .then((module) => {
      module.prepareWalletStack()
      stack.loaded = module
      notify()
      return module
    })
  return stack.loading
}

/**
 * Fetches the kit once (and the stack it renders in), as the player reaches for a wallet: with its pictures (the
 * wallets' icons), which the warm-up leaves for then; resolves with its module.
 */
export function loadWalletKit(): Promise<WalletKitModule> {
  wantKitPictures()
  return fetchWalletKit()
}

/** Fetches the kit once (and the stack it renders in); resolves with its module. */
export function fetchWalletKit(): Promise<WalletKitModule> {
  void loadWalletStack()
  const { kit } = loader
  kit.loading ??= import('../wallet-stack/wallet-kit').then((module) => {
    kit.loaded = module
    notify()
    // Once it is there, in idle periods: the fonts its modal is set in (see `kitFontSteps`). Not once a press has come
    // before the kit: the modal it opens lays them out itself, and each step, a layout of the whole page forced while
    // the stack and the kit render, was work that modal waited behind (docs/decisions/first-use.md).
    const step = (lookUp: () => void) => () => {
      if (!loader.connectPressedEarly) lookUp()
    }
    void runInSlices(module.kitFontSteps().map(step))
    return module
  })
  return kit.loading
}

const subscribe = (listener: () => void) => {
  loader.listeners.add(listener)
  return () => {
    loader.listeners.delete(listener)
  }
}

/**
 * `current()` once it is there, taken in as a transition: the providers and islands it brings render in short
 * tasks that a press can come between, rather than in one long one. Undefined in the first render, as in the
 * build's HTML.
 */
function useArrived<T>(current: () => T | undefined): T | undefined {
  const [module, setModule] = useState<T>()
  useEffect(() => {
    const take = () => {
      const arrived = current()
      if (arrived) startTransition(() => setModule(arrived))
    }
    take()
    return subscribe(take)
  }, [current])
  return module
}

const currentStack = () => loader.stack.loaded
const currentKit = () => loader.kit.loaded

/** The wallet stack's module once it has loaded; starts loading it while `wanted`. */
export function useWalletStack(wanted: boolean): WalletStackModule | undefined {
  useEffect(() => {
    if (wanted) void loadWalletStack()
  }, [wanted])
  return useArrived(currentStack)
}

/** The kit's module once it has loaded; starts loading it while `wanted`. */
export function useWalletKit(wanted: boolean): WalletKitModule | undefined {
  useEffect(() => {
    if (wanted) void loadWalletKit()
  }, [wanted])
  return useArrived(currentKit)
}

/**
 * Called by the wallet kit: its button is in the header (true: a wallet is connected or reconnecting), the kit is
 * there and leaves the shell's connect button (false: no wallet), or the kit is gone (undefined).
 */
export function setKitButtonShown(value: boolean | undefined) {
  loader.kitButtonShown = value
  notify()
}

/** Whether the wallet kit's own button is in the header; false once the kit is there without one, undefined before. */
export function useKitButtonShown(): boolean | undefined {
  return useSyncExternalStore(
    subscribe,
    () => loader.kitButtonShown,
    () => undefined,
  )
}
