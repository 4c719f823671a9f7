import { BaseError, HttpRequestError, RpcRequestError } from 'viem'

/** How long after a provider's "too many requests" the chain counts as busy. */
export const BUSY_FOR_MS = 10_000

/** JSON-RPC codes providers answer a plan's limit with: 429 (Alchemy), -32005 "limit exceeded" (EIP-1474, Infura). */
const LIMIT_CODES: ReadonlySet<number> = new Set([429, -32005])

/** Whether `error` is a provider asking its client to slow down: HTTP 429, or a JSON-RPC limit error. */
export function isThrottled(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false
  return !!error.walk(
    (e) =>
      (e instanceof HttpRequestError && e.status === 429) || (e instanceof RpcRequestError && LIMIT_CODES.has(e.code)),
  )
}

type Listener = () => void

/**
 * When each chain's endpoints last answered "too many requests", for the pages to say the chain is busy rather than
 * silent. A plain store with listeners (as RainbowKit's transaction store), read through `useSyncExternalStore`.
 */
export function chainBusyStore(now: () => number = Date.now) {
  const throttledAt = new Map<number, number>()
  const listeners = new Set<Listener>()
  return {
    /** Records a throttled answer on `chainId`'s endpoints. */
    throttled(chainId: number) {
      throttledAt.set(chainId, now())
      for (const listener of listeners) listener()
    },
    /** Whether `chainId`'s endpoints answered "too many requests" in the last {@link BUSY_FOR_MS}. */
    isBusy(chainId: number | undefined) {
      const at = chainId === undefined ? undefined : throttledAt.get(chainId)
      return at !== undefined && now() - at < BUSY_FOR_MS
    },
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The app's one store, fed by the transports (transports.ts). */
export const chainBusy = chainBusyStore()
