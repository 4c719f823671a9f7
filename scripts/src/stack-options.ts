// What the local stack is given and gives back, and the prices, limits and accounts it sets on the local chain.
import type { Deployment } from '@chainellation/contracts/deploy'
import type { LocalSafes } from '@chainellation/contracts/safe'

export const LOCAL_CHAIN_ID = 31337

/**
 * Sign-in nonces and attempts, session reads, draft writes, sky reads and name lookups the local API allows one client
 * (or account) a minute. Every browser reaches it from 127.0.0.1 (through the Vite proxy too), and the end-to-end
 * tests sign in, save drafts, open skies and show owners many times side by side; a shell's NONCE_RATE_LIMIT,
 * VERIFY_RATE_LIMIT, SESSION_RATE_LIMIT, DRAFT_WRITE_RATE_LIMIT, ACCOUNT_DRAFT_WRITE_RATE_LIMIT, SKY_READ_RATE_LIMIT
 * or NAME_READ_RATE_LIMIT wins, to try the production limits.
 */
export const LOCAL_SIGN_IN_LIMIT = 10_000

/**
 * The account of anvil's mnemonic whose key the local API relays players' writes with, paying their gas: past the
 * ten anvil funds and the Safes' owners, so that no test wallet or script sends from it and takes its nonces. The
 * stack gives it `LOCAL_RELAYER_BALANCE`.
 */
export const LOCAL_RELAYER_ACCOUNT = 20
export const LOCAL_RELAYER_BALANCE = 10n ** 21n // 1,000 ETH
/** What the local relayer may spend a day, in ether, for one client and in all; a player's budget is Sepolia's. */
export const LOCAL_RELAY_DAILY_ETH = '100'

/** Sepolia's public JSON-RPC endpoint, for a local stack's API when the shell names no node of its own. */
export const PUBLIC_SEPOLIA_RPC_URL = 'https://ethereum-sepolia-rpc.publicnode.com'

/**
 * What the local stack charges, in wei: a sky, each chosen trait, a decoration token. A sky is free, as on Sepolia by
 * default, so that the game pays a new player's whole first mint (docs/decisions/sponsored-writes.md); the traits and
 * decorations keep a price, so that a paid write is played here too.
 */
export const LOCAL_PRICES = {
  basePrice: 0n,
  customizationPrice: 25n * 10n ** 14n, // 0.0025 ETH
  decorationPrice: 5n * 10n ** 15n, // 0.005 ETH
} as const

export type ServiceName = 'anvil' | 'indexer' | 'api' | 'web'

/**
 * - `dev`: Vite dev server with hot reload on `webPort`, proxying /api to the API.
 * - `preview`: the web app is built for the local chain while the contracts deploy (into the stack's temporary folder,
 *   not web/dist), then served by `vite preview` on `webPort`.
 * - `production`: built the same way, then served by the API itself (`webPort` unused); one origin, the way
 *   it runs in production — what the end-to-end tests use.
 */
export type StackMode = 'dev' | 'preview' | 'production'

export type StackOptions = {
  anvilPort: number
  apiPort: number
  /** Ignored in `production` mode. */
  webPort: number
  /** The indexer's port (Ponder's HTTP server); omitted or 0, a free one. */
  indexerPort?: number
  mode: StackMode
  /**
   * Folder of the API's embedded database (PGlite). Omitted: a fresh folder in the stack's own temporary
   * folder, so every run starts with no sessions.
   */
  dataDir?: string
  /**
   * Folder of the indexer's embedded database (PGlite). Emptied at every start: the local chain starts over, and an
   * index of the previous run's chain would describe blocks that no longer exist. Omitted: a folder in the stack's
   * temporary folder.
   */
  indexerDataDir?: string
  /**
   * Origins allowed to frame the app as a Safe App (a self-hosted Safe{Wallet}, say), passed to the API as
   * SAFE_ORIGINS and to the web app as VITE_SAFE_ORIGINS. Omitted: both use their default, Safe{Wallet}'s own.
   */
  safeOrigins?: string[]
  /**
   * The local chain's endpoint as the web app and the API call it, in place of anvil's own URL (a proxy in front of
   * anvil, say). The API's Content-Security-Policy lets browsers reach this one origin.
   */
  chainRpcUrl?: string
  /** A second endpoint the web app falls back on (VITE_LOCAL_FALLBACK_RPC_URL), on the same origin. */
  chainFallbackRpcUrl?: string
  /**
   * The WalletConnect relay the web app meets phone wallets on (VITE_WALLETCONNECT_RELAY_URL, and the API's
   * WALLETCONNECT_RELAY_URL for its Content-Security-Policy): the tests' stand-in. Omitted: the public relay.
   */
  walletConnectRelayUrl?: string
  /**
   * The indexer's URL as the API calls it (INDEXER_URL), in place of the indexer's own (a proxy in front of it that a
   * test can cut, say). Omitted: the indexer's own URL.
   */
  apiIndexerUrl?: string
  /**
   * The local chain's endpoint as the indexer calls it (INDEXER_RPC_URLS), in place of anvil's own URL (a proxy in
   * front of anvil that a test can stall, so the indexer falls behind the chain, say). Omitted: anvil's own URL.
   */
  indexerRpcUrl?: string
  /** Receives every output line of the services, and the stack's own progress as `stack`. */
  log?: (source: ServiceName | 'build' | 'stack', line: string) => void
  /** Aborting during startup stops whatever already started and rejects. */
  signal?: AbortSignal
}

export type ServiceExit = { service: ServiceName; code: number | null; signal: NodeJS.Signals | null }

export type Stack = {
  mode: StackMode
  chainId: number
  rpcUrl: string
  apiUrl: string
  /** The indexer's read routes (`/skies`, `/activity`, …) and Ponder's own (`/ready`, `/status`). */
  indexerUrl: string
  /** Where a person opens the app; the API's origin in `production` mode. */
  webUrl: string
  /** Origins the API accepts for sign-in: `webUrl` by its `127.0.0.1` and its `localhost` name. */
  appOrigins: string[]
  /** Folder of the API's embedded database. */
  dataDir: string
  deployment: Deployment
  /** The Safe contracts and two Safes to try the app as a Safe App: a 1-of-1 (account 10), a 2-of-2 (11 and 12). */
  safes: LocalSafes
  /**
   * The local stand-in for ENS's Universal Resolver (contracts/solidity/test/LocalUniversalResolver.sol), where the
   * API looks names up (ENS_RPC_URL is anvil's): any account may give itself a primary name and avatar there.
   */
  ensUniversalResolver: `0x${string}`
  /** Process id of each service (a process group leader, except anvil); the indexer's current one after a restart. */
  pids: Partial<Record<ServiceName, number>>
  /**
   * Resolves when a service exits without `stop()` having been called; for the indexer, only once it has kept exiting
   * (it is restarted on its database, with a back-off, until then).
   */
  exited: Promise<ServiceExit>
  /** Stops every service and resolves once none of their processes is left. */
  stop: () => Promise<void>
}

/** A port the stack needs is taken; nothing was started. */
export class ServicePortInUseError extends Error {
  constructor(
    readonly service: ServiceName,
    readonly port: number,
  ) {
    super(`port ${port} is already in use (${service})`)
    this.name = 'ServicePortInUseError'
  }
}

/** A service failed to start; `output` holds its last lines. */
export class ServiceStartError extends Error {
  constructor(
    readonly service: ServiceName | 'build',
    message: string,
    readonly output: string[],
  ) {
    super(`${service}: ${message}${output.length ? `\n${output.join('\n')}` : ''}`)
    this.name = 'ServiceStartError'
  }
}
