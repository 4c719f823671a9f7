import { useSyncExternalStore } from 'react'
import { whenIdle } from '@/lib/idle'

// RainbowKit (its provider, modals and button) is fetched after the page: pages render inside wagmi and the query
// cache alone, and RainbowKit joins beside them rather than around them, so its arrival re-renders nothing of the
// page. What pages ask of it goes through here (see docs/decisions/first-use.md).

/** A transaction for RainbowKit's recent-transactions list (its `useAddRecentTransaction` argument). */
export type RecentTransaction = { hash: `0x${string}`; description: string; confirmations?: number }

/** What the loaded kit offers the app; published by the kit while it is mounted. */
export type KitActions = {
  openConnectModal: (() => void) | undefined
  /**
   * Whether the connect modal may open now: RainbowKit offers it and wagmi's reconnect on load is over (a reconnect
   * that ends disconnected closes every modal RainbowKit has open).
   */
  connectReady: boolean
  /** RainbowKit offers its chain modal only to a connected account that is signed in (or needs no sign-in). */
  openChainModal: (() => void) | undefined
  /** Asks the wallet to switch to the app's default network: the way on where the chain modal is not offered. */
  switchToDefaultChain: () => void
  addRecentTransaction: (transaction: RecentTransaction) => void
}

/** How the app's shell fetches the kit: handed in by its loader (`setKitLoader`), which this module never imports. */
export type KitLoader = {
  /** Fetches the kit. */
  load: () => void
  /** Fetches the kit and opens the connect modal once it is there. */
  requestConnect: () => void
}

let loader: KitLoader | undefined
let kit: KitActions | undefined
let chainModalRequested = false
/** Records made before the kit was there, filed once it is. */
const queued: RecentTransaction[] = []
const listeners = new Set<() => void>()

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Called once by the app shell's loader, before any page can ask for the kit. */
export function setKitLoader(value: KitLoader) {
  loader = value
}

/** Called by the kit when it mounts or its actions change (undefined when it unmounts). */
export function publishKit(actions: KitActions | undefined) {
  kit = actions
  // Says on the page that the kit is there (tests and the bench wait for it; the warm-up brings it unasked).
  document.documentElement.toggleAttribute('data-wallet-kit', kit !== undefined)
  if (kit) {
    for (const transaction of queued.splice(0)) kit.addRecentTransaction(transaction)
    if (chainModalRequested && kit.openChainModal) {
      chainModalRequested = false
      kit.openChainModal()
    }
  }
  for (const listener of listeners) listener()
}

const useKit = () =>
  useSyncExternalStore(
    subscribe,
    () => kit,
    () => undefined,
  )

/** Opens RainbowKit's connect modal if the kit is there and offers it; says whether it did. */
export function openConnectModalIfReady(): boolean {
  if (!kit?.connectReady || !kit.openConnectModal) return false
  kit.openConnectModal()
  return true
}

/** Whether the kit is there and its connect modal may open now (see `KitActions.connectReady`). */
export const connectModalReady = () => kit?.connectReady === true

/** Opens RainbowKit's connect modal: at once when the kit is there, else as soon as it has loaded. */
export function useConnectModal(): { openConnectModal: () => void } {
  const current = useKit()
  return {
    openConnectModal: () => {
      if (current?.openConnectModal) current.openConnectModal()
      else if (!current) loader?.requestConnect()
    },
  }
}

/**
 * Opens RainbowKit's switch-network modal: at once when the kit is there, else as soon as it has loaded. A wallet
 * connected but not signed in gets no modal from RainbowKit; its wallet is asked to switch to the default network.
 */
export function useChainModal(): { openChainModal: () => void } {
  const current = useKit()
  return {
    openChainModal: () => {
      if (current?.openChainModal) current.openChainModal()
      else if (current) current.switchToDefaultChain()
      else {
        chainModalRequested = true
        loader?.load()
      }
    },
  }
}

/** Files `transaction` in RainbowKit's recent transactions (under the account and chain of the moment). */
export function addRecentTransaction(transaction: RecentTransaction) {
  if (kit) kit.addRecentTransaction(transaction)
  else queued.push(transaction)
}

let pictures = deferred()
function deferred() {
  let resolve = () => {}
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

/**
 * The player reached for a wallet (a pointer over connect, focus on it, a press, the connect modal, a returning
 * wallet): RainbowKit's pictures may come now (see `kitPicture`).
 */
export function wantKitPictures() {
  pictures.resolve()
}

/** Longest wait for an idle period before a picture is fetched anyway. */
const PICTURE_IDLE_TIMEOUT_MS = 1000

/**
 * `picture`, one of RainbowKit's async images (a function resolving to a data URL in a chunk of its own), fetched only
 * once the player reaches for a wallet. RainbowKit fetches every wallet's icon and two of its modal's pictures as its
 * provider mounts, and the warm-up mounts it on every visit while the page is idle: 12 kB of scripts a visitor who
 * never connects would fetch (docs/decisions/first-use.md). Reaching for connect comes before the modal opens; each
 * picture is then fetched in an idle period, so that a press made as the pointer arrives opens the modal first (their
 * fetches and renders in its way took it from 199 to 260 ms at 4× CPU, median of seven).
 */
export function kitPicture<T>(picture: () => Promise<T>): () => Promise<T> {
  return () =>
    pictures.promise.then(() => new Promise<void>((idle) => whenIdle(idle, PICTURE_IDLE_TIMEOUT_MS))).then(picture)
}

/** Test hook: back to the state of a fresh page. */
export function resetKitBridge() {
  pictures = deferred()
  kit = undefined
  chainModalRequested = false
  queued.length = 0
}
