import type { Address, Chain } from 'viem'
import { sepolia } from 'viem/chains'
import type { ContractAddresses } from './contracts'
import type { RequestLines } from './log'

/**
 * A chain players may sign in on, and the node that checks contract accounts' signatures there (ERC-1271, and
 * ERC-6492 for ones not deployed yet). That node is trusted with those sign-ins; an EOA's is checked without it.
 */
export type SignInChain = { chain: Chain; rpcUrl: string }

export type AuthConfig = {
  /** Origins the web app is served from; a sign-in message's domain and URI must name one of them. */
  origins: string[]
  chains: SignInChain[]
  /** How long a nonce can be used, and the oldest a message's Issued At may be (default 10 minutes). */
  nonceTtlMs?: number
  /** How long a session lasts after sign-in (default 7 days). */
  sessionTtlMs?: number
  /**
   * Requests one client may make to the nonce, verify and session endpoints (default
   * {@link DEFAULT_SIGN_IN_LIMITS}).
   */
  rateLimits?: SignInRateLimits
}

/** At most `limit` requests in `windowMs` from one client. */
export type RateLimit = { limit: number; windowMs: number }

export type SignInRateLimits = { nonce: RateLimit; verify: RateLimit; session: RateLimit }

/**
 * A sign-in takes one nonce and one verify, a retry after a refused signature another of each; these leave room
 * for a household or an office behind one address while keeping a script from filling the nonce table or making
 * the chain's node check signatures for it. A page reads the session when it loads and when its wallet changes;
 * each read is a database lookup, so a script gets no more than a busy household would.
 */
export const DEFAULT_SIGN_IN_LIMITS: SignInRateLimits = {
  nonce: { limit: 60, windowMs: 60_000 },
  verify: { limit: 20, windowMs: 60_000 },
  session: { limit: 120, windowMs: 60_000 },
}

/** Draft creations, changes and deletions allowed per client (address) and per signed-in account. */
export type DraftWriteLimits = { client: RateLimit; account: RateLimit }

/**
 * A player saves, renames or deletes a draft by hand, a few a minute. Per account, so that one account cannot
 * fill its 50 drafts in a burst; per client, so that a script signing in one new account after another (each
 * with room for 50) writes no faster than a few players behind one address.
 */
/** Reminders one client may turn on in a day, whichever accounts it signs in with (src/reminders/routes.ts). */
export const DEFAULT_REMINDER_ADD_LIMIT: RateLimit = { limit: 200, windowMs: 86_400_000 }

export const DEFAULT_DRAFT_WRITE_LIMITS: DraftWriteLimits = {
  client: { limit: 60, windowMs: 60_000 },
  account: { limit: 20, windowMs: 60_000 },
}

/**
 * Each sky read makes the chain's node run tokenURI, which draws the whole SVG (up to ~1.3M gas of eth_call): enough
 * for a page that polls, or a few players behind one address, without letting a script keep the node busy.
 */
export const DEFAULT_SKY_READ_LIMIT: RateLimit = { limit: 120, windowMs: 60_000 }

/**
 * Where players' primary names and avatars are looked up: an Ethereum mainnet node, and the Universal Resolver to ask
 * there (default: mainnet's own, as viem knows it). A chain other than mainnet (the local stand-in) must name one.
 */
export type NamesConfig = { rpcUrl: string; universalResolver?: Address }

/**
 * A page asks for the name of each address it shows (a gallery page: up to 24 owners), and the browser keeps each
 * answer for a day; a lookup the server has not cached costs the ENS node two or three calls.
 */
export const DEFAULT_NAME_READ_LIMIT: RateLimit = { limit: 300, windowMs: 60_000 }

/**
 * A player's writes are a mint, a night's gazes and a dressing, a few a minute at most; this leaves room for a
 * household behind one address while a script's flood costs no chain reads past the limit.
 */
export const DEFAULT_RELAY_LIMIT: RateLimit = { limit: 30, windowMs: 60_000 }

/** Safe{Wallet}'s own origin: the one that frames Safe Apps unless SAFE_ORIGINS says otherwise. */
export const DEFAULT_SAFE_ORIGINS: readonly string[] = ['https://app.safe.global']

/**
 * The Sepolia endpoints the web app may call (web/src/lib/wallet/transports.ts): Alchemy's and Infura's when it
 * was built with their keys, and the chain's public endpoint, which the web app takes from the same viem.
 */
export const SEPOLIA_WEB_RPC_ORIGINS: readonly string[] = [
  'https://eth-sepolia.g.alchemy.com',
  'https://sepolia.infura.io',
  ...sepolia.rpcUrls.default.http.map((url) => new URL(url).origin),
]

export type ReminderSettings = {
  /** Origins of push services sent to besides the browsers' own (stand-ins in tests and benches). */
  pushOrigins: readonly string[]
  /** How often the schedule is planned ahead, in seconds. */
  planSeconds: number
  /** Reminders one process sends at once. */
  sendsAtOnce: number
}

export type AppConfig = {
  /** Chain whose contract addresses /api/health reports, and whose skies the pages at /sky/:id show. */
  chainId: number
  /**
   * The origin the app is reached at (`https://chainellation.example`), which link previews' absolute URLs start
   * with (og:url, og:image); the request's own origin when unset.
   */
  publicOrigin?: string
  contracts: ContractAddresses
  /** Built web app to serve with SPA fallback (production); omit to serve the API only. */
  webDist?: string
  auth: AuthConfig
  /** Origins that may frame the app, as Safe{Wallet} does a Safe App (default {@link DEFAULT_SAFE_ORIGINS}). */
  safeOrigins?: readonly string[]
  /** JSON-RPC origins the web app calls from the browser (default {@link SEPOLIA_WEB_RPC_ORIGINS}). */
  rpcOrigins?: readonly string[]
  /** The WalletConnect relay the web app was built to use, when not WalletConnect's public one. */
  walletConnectRelay?: string
  /** The VAPID keys reminders are sent with (Web Push); unset, the API sends none and says so. */
  vapid?: { publicKey: string; privateKey: string; subject: string }
  /** Reminders one client may turn on a day (default {@link DEFAULT_REMINDER_ADD_LIMIT}). */
  reminderAdds?: RateLimit
  /** The reminders' schedule (src/reminders/schedule.ts); defaults for tests. */
  reminders?: ReminderSettings
  /** Reverse proxies in front of the API whose X-Forwarded-For names the client (default 0: none, header ignored). */
  trustedProxies?: number
  /** Which requests the API logs a line for (default `all`; see log.ts). */
  requestLines?: RequestLines
  /**
   * Sky reads (GET /api/skies/:chainId/:skyId) one client may make, on the nodes of `auth.chains` (default
   * {@link DEFAULT_SKY_READ_LIMIT}).
   */
  skyReads?: RateLimit
  /**
   * How long a chain's head is taken to stand, and how many skies' reads are kept for the block they were read at
   * (default: 1 s and DEFAULT_SKY_CACHE_ENTRIES, see skies/reader.ts).
   */
  skyCache?: { headMs?: number; maxEntries?: number }
  /** Where names are looked up (GET /api/names/:address); unset, every address is answered without a name. */
  names?: NamesConfig
  /** Name lookups one client may make (default {@link DEFAULT_NAME_READ_LIMIT}). */
  nameReads?: RateLimit
  /** The indexer's origin, whose reads the API serves under /api/discovery (docs/decisions/indexer.md). */
  indexerUrl?: string
  /** Draft writes (POST, PATCH, DELETE under /api/drafts) allowed (default {@link DEFAULT_DRAFT_WRITE_LIMITS}). */
  draftWrites?: DraftWriteLimits
  /** Whether the app itself answers `GET /metrics` (default: no; a separate listener serves them, see env.ts). */
  metricsPublic?: boolean
  /** The relayer of sponsored writes (docs/decisions/sponsored-writes.md); unset, nothing is relayed. */
  relay?: RelayConfig
  /** Requests to relay one client may make (default {@link DEFAULT_RELAY_LIMIT}). */
  relayRequests?: RateLimit
}

/** Daily budgets, in wei of gas, and the game's welcome to new players. */
export type RelayBudgets = {
  /** What one player's requests may cost a day. */
  playerWei: bigint
  /** What one network's requests may cost a day (an IPv4 /24, an IPv6 /64), whichever players they are for. */
  clientWei: bigint
  /** What the relayer spends a day in all. */
  allWei: bigint
  /** Of `allWei`, what players who had not played before today may spend a day together; the rest is kept back. */
  newcomersWei: bigint
  /** New players (the relayer's first request for them) the game takes on in any 60 s, across every API process. */
  newPlayersPerMinute: number
}

/** What the relayer pays with and how much. */
export type RelayConfig = {
  /** The key of the account that pays; from the environment only, and never logged. */
  privateKey: `0x${string}`
  budgets: RelayBudgets
  /** Most gas one request's call may take. */
  gasCap: bigint
  /** Below this balance the relayer stops relaying. */
  minBalanceWei: bigint
}

/**
 * Half of the day's budget is kept for players who have played before: a returning player's night is one gaze of
 * ~52,000 gas, a new player's first request a mint of ~117,000, so half the day still pays for twice as many nights
 * as it would mints, and a flood of new accounts that spends the other half leaves every returning player's gaze
 * paid (docs/decisions/sponsored-writes.md, "A crowd of new players").
 */
export const DEFAULT_RETURNING_SHARE = 0.5

/**
 * Ten new players a minute is 14,400 a day: at ~140,000 gas reserved for a first mint, more than the newcomers' half
 * of the default day (0.25 ETH) pays for at any fee above 0.13 gwei. Players arriving, on however busy a day, meet
 * the newcomers' budget first; a crowd of new accounts meets this, which holds it to ten first requests a minute (at
 * the default 300,000-gas cap, at most 3 M gas a minute).
 */
export const DEFAULT_NEW_PLAYERS_PER_MINUTE = 10

/** What players new today may spend a day together: the day's budget less the share kept for returning players. */
export const newcomersShare = (allWei: bigint, returningShare: number) =>
  allWei - (allWei * BigInt(Math.round(returningShare * 10_000))) / 10_000n
