import type { LocalSafes } from '@chainellation/contracts/safe'

/** Environment variable through which global setup hands the running stack to the workers. */
export const STACK_ENV = 'CHAINELLATION_E2E_STACK'

export type StackInfo = {
  webUrl: string
  /** The local chain's endpoint as the app calls it: a proxy that passes every request on to anvil. */
  rpcUrl: string
  /** The app's second endpoint of the local chain, which it falls back on; the same proxy, at another path. */
  fallbackRpcUrl: string
  /** Anvil itself, behind both. */
  anvilUrl: string
  /**
   * The proxy through which the API reaches the indexer; `setIndexerDown`, `cutIndexer` and `restoreIndexer` in
   * support/indexer.ts switch it, `waitForIndexer` waits for a block to be indexed.
   */
  indexerProxy: { url: string }
  /**
   * The proxy through which the indexer reaches the chain; `stallIndexer` and `releaseIndexer` in support/indexer.ts
   * switch it.
   */
  indexerRpcProxy: { url: string }
  /** The indexer itself (Ponder's routes), behind the proxy. */
  indexerUrl: string
  chainId: number
  /** The API's database folder, removed when the run ends. */
  dataDir: string
  contracts: Record<string, `0x${string}`>
  /** The Safe contracts and the stack's own Safes. */
  safes: LocalSafes
  /**
   * The local ENS stand-in the API looks names up on (on anvil itself); `setLocalName` from
   * `@chainellation/contracts/ens` gives an account a name and avatar there.
   */
  ensUniversalResolver: `0x${string}`
  /** The one origin (besides Safe{Wallet}'s) the app lets frame it: where the tests' Safe{Wallet} stand-in runs. */
  safeParentOrigin: string
  /** The same stand-in page from an origin the app does not let frame it. */
  strangerParentOrigin: string
  /** The tests' WalletConnect relay, which the app was built to meet phone wallets on. */
  walletConnectRelayUrl: string
  /** The tests' push service, which the API sends reminders to (support/push-service.ts). */
  pushServiceUrl: string
}

export function readStackInfo(): StackInfo {
  const text = process.env[STACK_ENV]
  if (!text) throw new Error(`${STACK_ENV} is not set: run the tests through playwright.config.ts`)
  return JSON.parse(text) as StackInfo
}
