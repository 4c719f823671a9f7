import { startTransition, useEffect, useState, useSyncExternalStore } from 'react'
import { setPressPending, takeEarlyPress } from '@/lib/early-press'
import { whenIdle } from '@/lib/idle'
import { prefetchSession } from '@/lib/sign-in/session-prefetch'
import { setKitLoader, wantKitPictures } from '@/lib/wallet/kit-bridge'
import type { ShellLink } from './stack/wallet-stack'

// The wallet stack is most of the app's JavaScript, in two parts (docs/decisions/first-use.md):
// - the stack itself (wagmi, viem, TanStack Query): what a game page reads the chain with. Pages paint without it;
//   it is fetched once a page with wallet islands is on screen, when the player reaches for the connect button or
//   otherwise interacts, or at once for a returning wallet user (who reconnects) and inside a Safe;
// - the kit (RainbowKit: the wallet button, the modals, sign-in): fetched on the player's first interaction or
//   press on connect, or at once for a returning wallet user and inside a Safe. A game page never waits for it.
// Both are also warmed up once the page has loaded and gone quiet (`warmUpWhenIdle`), so that a press on connect
// after a moment's reading opens RainbowKit's modal at once; a pointer over connect or focus on it starts at once.

type WalletStackModule = typeof import('./stack/wallet-stack')
type WalletKitModule = typeof import('./stack/wallet-kit')

let loading: Promise<WalletStackModule> | undefined
let loaded: WalletStackModule | undefined
let kitLoading: Promise<WalletKitModule> | undefined
let kitLoaded: WalletKitModule | undefined
let shown: boolean | undefined
let connectRequested = false
const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}

/** Fetches the wallet stack once; resolves with its module. */
export function loadWalletStack(): Promise<WalletStackModule> {
  if (!loading) prefetchSession()
  loading ??= import('./stack/wallet-stack')
    // Evaluating the stack's modules is one task; creating wagmi's configuration (its connectors, its stored state)
    // is the next, so that neither holds the main thread long: 55–68 ms at 4× CPU as one.
    .then((module) => new Promise<WalletStackModule>((resolve) => setTimeout(() => resolve(module))))
    .then((module) => {
      module.prepareWalletStack()
      loaded = module
      notify()
      return module
    })
  return loading
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
function fetchWalletKit(): Promise<WalletKitModule> {
  void loadWalletStack()
  kitLoading ??= import('./stack/wallet-kit').then((module) => {
    kitLoaded = module
    notify()
    // Once it is there, in idle periods: the fonts its modal is set in (see `kitFontSteps`).
    void runInSlices(module.kitFontSteps())
    return module
  })
  return kitLoading
}

type SaveDataWindow = { navigator: { connection?: { saveData?: boolean } } }

/**
 * Longest wait for an idle period before a warm-up step runs as an ordinary task. A page whose main thread draws every
 * frame (an animation that is not composited, a slow CPU) may have none for seconds: traced at 4× CPU on a busy
 * machine, the kit's step waited 1.9 s for one, and a press at 3 s found the kit not yet there. Each step is still
 * one short slice (`SLICE_MS`), or one import.
 */
export const IDLE_TIMEOUT_MS = 100

/** Runs `task` in an idle period, or after `IDLE_TIMEOUT_MS`. */
const inIdlePeriod = (task: () => void) => void whenIdle(task, IDLE_TIMEOUT_MS)

/** Longest slice of warm-up work in one idle period (wall time: at a 4× slower CPU, still under a 50 ms task). */
const SLICE_MS = 8

/** Runs `steps` in idle periods, as many in each as fit in `SLICE_MS` (at least one); resolves when all have run. */
function runInSlices(steps: readonly (() => void)[]): Promise<void> {
  return new Promise((resolve) => {
    let next = 0
    const slice = () => {
      const until = performance.now() + SLICE_MS
      do steps[next++]?.()
      while (next < steps.length && performance.now() < until)
      if (next < steps.length) inIdlePeriod(slice)
      else resolve()
    }
    if (steps.length === 0) resolve()
    else inIdlePeriod(slice)
  })
}

/**
 * The chunks of the wallet stack and the kit, each after those it imports, as the production build names them on the
 * page's boot script (vite-plugins/start-after-paint.ts); none in development.
 */
function warmUpChunks(): string[] {
  const boot = document.querySelector<HTMLScriptElement>('script[data-connect]')
  return boot?.dataset.connect?.split(' ').filter(Boolean) ?? []
}

/**
 * Preloads `files` (modules), at low priority, a few per idle period: starting dozens at once (modulepreload links, or
 * fetches) is itself a long task at a slow CPU. The imports that follow then find every chunk at hand instead of
 * discovering them one import level at a time. Module preloads rather than fetches into the HTTP cache: a preloaded
 * module is in the page's module map, where the import finds it without a request; a fetched one was asked for again
 * by the import and read back from the cache, a second request for each of the 36 chunks (docs/decisions/first-use.md).
 * Each link is as the boot script's and Vite's own (`crossorigin`), so that it fills the entry the import looks up.
 */
function preloadInSlices(files: readonly string[]): Promise<void> {
  return runInSlices(
    files.map((file) => () => {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.setAttribute('crossorigin', '')
      link.setAttribute('fetchpriority', 'low')
      link.href = file
      document.head.append(link)
    }),
  )
}

let warming = false
/** Bumped by the test hook, so that a warm-up begun before it does nothing after. */
let generation = 0

/**
 * Once the page has loaded and gone quiet, preloads the chunks of the stack and the kit (in slices), then evaluates
 * and renders the stack in an idle period and the kit in another: never before the first paint (the app itself
 * starts after it), never in a task a press or the page's own work is waiting behind. Skipped when the browser asks
 * to save data (`navigator.connection.saveData`); the press still loads them. Evaluating a chunk per idle period was
 * tried: it kept each task shorter but left the kit unready 3 s after navigation at 4× CPU (docs/decisions/first-use.md).
 */
export function warmUpWhenIdle() {
  if (warming || (window as unknown as SaveDataWindow).navigator.connection?.saveData) return
  warming = true
  const begun = generation
  const current = (task: () => void) => () => {
    if (generation === begun) task()
  }
  const start = current(() =>
    inIdlePeriod(
      current(() => {
        // Named on the page's timeline, for the budget test and the bench to tell what the warm-up fetched.
        performance.mark('wallet-warm-up')
        void preloadInSlices(warmUpChunks()).then(
          current(() => void loadWalletStack().then(() => inIdlePeriod(current(() => void fetchWalletKit())))),
        )
      }),
    ),
  )
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
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

const currentStack = () => loaded
const currentKit = () => kitLoaded

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
export function setWalletStackShown(value: boolean | undefined) {
  shown = value
  notify()
}

/** Whether the wallet kit's own button is in the header; false once the kit is there without one, undefined before. */
export function useWalletStackShown(): boolean | undefined {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => undefined,
  )
}

const connectRequestListeners = new Set<() => void>()

/** The player pressed connect before the wallet stack was there: open the connect modal once it is. */
export function requestConnect() {
  connectRequested = true
  // The button shows progress meanwhile.
  setPressPending('connect', true)
  void loadWalletKit()
  // The kit may have arrived and looked for a request a moment before this press, on the button it is replacing.
  for (const listener of connectRequestListeners) listener()
}

/** Calls `listener` at each connect request from now on; returns how to stop. */
export function onConnectRequest(listener: () => void): () => void {
  connectRequestListeners.add(listener)
  return () => {
    connectRequestListeners.delete(listener)
  }
}

/** Whether a connect was requested early; asking clears it. */
export function takeConnectRequest(): boolean {
  const requested = connectRequested
  connectRequested = false
  setPressPending('connect', false)
  return requested
}

/** Called at the app's first commit (React now sees presses): a press on connect the early script kept counts. */
export function adoptEarlyConnect() {
  if (takeEarlyPress('connect')) requestConnect()
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

// What the loaded modules need of the loader is handed to them rather than imported back: the kit bridge gets how to
// fetch the kit, the stack and the kit get `shellLink` as a prop. Nothing the loader loads imports it.
setKitLoader({ load: () => void loadWalletKit(), requestConnect })

/** The loader's part in the wallet stack and the kit, handed to them as a prop. Constant, so they render once. */
export const shellLink: ShellLink = {
  useWalletKit,
  wantsWalletAtOnce,
  setWalletStackShown,
  takeConnectRequest,
  onConnectRequest,
}

/** Test hook: back to the state of a fresh page. */
export function resetWalletStackLoader() {
  loading = undefined
  loaded = undefined
  kitLoading = undefined
  kitLoaded = undefined
  warming = false
  generation++
  shown = undefined
  connectRequested = false
  setPressPending('connect', false)
  document.documentElement.removeAttribute('data-app-ready')
}
