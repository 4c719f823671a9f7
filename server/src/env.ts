import { join } from 'node:path'
import { getAddress, type Hex, isAddress, parseEther } from 'viem'
import { anvil, sepolia } from 'viem/chains'
import { z } from 'zod'
import {
  type AppConfig,
  DEFAULT_DRAFT_WRITE_LIMITS,
  DEFAULT_NAME_READ_LIMIT,
  DEFAULT_NEW_PLAYERS_PER_MINUTE,
  DEFAULT_RELAY_LIMIT,
  DEFAULT_RETURNING_SHARE,
  DEFAULT_SAFE_ORIGINS,
  DEFAULT_SIGN_IN_LIMITS,
  DEFAULT_SKY_READ_LIMIT,
  newcomersShare,
  SEPOLIA_WEB_RPC_ORIGINS,
  type SignInChain,
} from './config'
import { contractsFor } from './contracts'
import { LOG_LEVELS, type LogLevel, REQUEST_LINES, type RequestLines, secretsOf } from './log'
import { repositoryDir } from './paths'

// `.env` files leave unset values as empty strings; treat them as unset so defaults apply.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema)

/** `http(s)://host[:port]` with nothing after it; the normalised origin. */
const origin = z.string().transform((value, ctx) => {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {}
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.href !== `${url.origin}/`) {
    ctx.addIssue({ code: 'custom', message: `"${value}" is not an origin such as https://chainellation.example` })
    return z.NEVER
  }
  return url.origin
})

const origins = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim().replace(/\/$/, '')))
  .pipe(z.array(origin).min(1))
  .transform((list) => [...new Set(list)])

/** A positive number of requests. */
const requestCount = z.coerce.number().int().min(1).max(1_000_000)

/** An amount of ether in decimal (`0.005`), as wei. */
const ether = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}(\.\d{1,18})?$/, `${name} must be an amount of ether such as 0.005.`)
    .transform((value) => parseEther(value))

const schema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test']).default('development')),
  HOST: optional(z.string().default('127.0.0.1')),
  PORT: optional(z.coerce.number().int().min(1).max(65_535).default(8787)),
  CHAIN_ID: optional(z.coerce.number().int().positive().default(31_337)),
  DATABASE_URL: optional(z.url().optional()),
  /** PGlite's data folder when DATABASE_URL is unset. */
  DATA_DIR: optional(z.string().default(join(repositoryDir, '.data/pglite'))),
  /** Origins the web app is served from; a sign-in message must name one of them. */
  APP_ORIGINS: optional(origins.default(['http://localhost:5173', 'http://127.0.0.1:5173'])),
  /**
   * The origin the app is reached at, for the absolute URLs of link previews (og:url, og:image). In production it
   * defaults to the first of APP_ORIGINS; in development, to each request's own origin.
   */
  PUBLIC_ORIGIN: optional(origin.optional()),
  /** Origins allowed to frame the app as a Safe App (Safe{Wallet} and any self-hosted copy of it). */
  SAFE_ORIGINS: optional(origins.default([...DEFAULT_SAFE_ORIGINS])),
  /**
   * The Sepolia node the API trusts to check contract accounts' sign-in signatures (ERC-1271, ERC-6492). Required
   * in production; in development a public endpoint stands in ({@link DEVELOPMENT_SEPOLIA_RPC_URL}).
   */
  SEPOLIA_RPC_URL: optional(z.url().optional()),
  /**
   * Origins of the JSON-RPC nodes the web app was built to call besides Alchemy's, Infura's and the public one (its
   * VITE_SEPOLIA_RPC_URL), comma-separated: the Content-Security-Policy lets browsers reach them.
   */
  WEB_RPC_ORIGINS: optional(origins.optional()),
  /**
   * The WalletConnect relay the web app was built to meet phone wallets on (its VITE_WALLETCONNECT_RELAY_URL), when not
   * WalletConnect's public one: the Content-Security-Policy lets browsers reach it.
   */
  WALLETCONNECT_RELAY_URL: optional(z.url({ protocol: /^wss?$/ }).optional()),
  /**
   * The application server's VAPID key pair (RFC 8292), base64url as web-push's `generate-vapid-keys` prints it, and a
   * contact for push services (mailto: or https:): set all three, or none, and the API sends no reminders.
   */
  VAPID_PUBLIC_KEY: optional(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a P-256 public key, 87 base64url characters.')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optional(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a P-256 private key, 43 base64url characters.')
      .optional(),
  ),
  VAPID_SUBJECT: optional(
    z
      .string()
      .regex(/^(mailto:|https:\/\/).+/, 'VAPID_SUBJECT must be a mailto: or https: URL push services can reach you at.')
      .optional(),
  ),
  /** The local chain's JSON-RPC endpoint; sign-in accepts chain 31337 only when it is set. */
  LOCAL_RPC_URL: optional(z.url().optional()),
  /**
   * An Ethereum mainnet node where players' ENS names and avatars are looked up; unset, the API answers every address
   * without a name and asks no node.
   */
  ENS_RPC_URL: optional(z.url({ protocol: /^https?$/ }).optional()),
  /** The indexer (`ponder start` or `ponder serve`) whose reads the API serves under /api/discovery; unset, they answer 503. */
  INDEXER_URL: optional(z.url({ protocol: /^https?$/ }).optional()),
  /**
   * The Universal Resolver to ask on ENS_RPC_URL's chain; only for a chain other than mainnet (the local stand-in).
   * Mainnet's own is built into viem.
   */
  ENS_UNIVERSAL_RESOLVER: optional(
    z
      .string()
      .refine(isAddress, 'ENS_UNIVERSAL_RESOLVER must be a contract address: 0x and 40 hexadecimal digits.')
      .transform((value) => getAddress(value))
      .optional(),
  ),
  WEB_DIST: optional(z.string().default(join(repositoryDir, 'web/dist'))),
  /**
   * Reverse proxies in front of the API whose X-Forwarded-For names the client; 0 (the default) uses the
   * connection's address and ignores the header, which anyone can write.
   */
  TRUST_PROXY: optional(
    z.coerce
      .number({ error: 'TRUST_PROXY must be the number of reverse proxies in front of the API (0 when none).' })
      .int('TRUST_PROXY must be a whole number of proxies.')
      .min(0, 'TRUST_PROXY cannot be negative.')
      .max(10, 'TRUST_PROXY above 10 proxies is surely a mistake.')
      .default(0),
  ),
  /** Sign-in nonces one client may fetch per window. */
  NONCE_RATE_LIMIT: optional(requestCount.default(DEFAULT_SIGN_IN_LIMITS.nonce.limit)),
  /** Sign-in attempts one client may make per window. */
  VERIFY_RATE_LIMIT: optional(requestCount.default(DEFAULT_SIGN_IN_LIMITS.verify.limit)),
  /** Session reads (GET /api/auth/session) one client may make per window; each is a database lookup. */
  SESSION_RATE_LIMIT: optional(requestCount.default(DEFAULT_SIGN_IN_LIMITS.session.limit)),
  /** Draft writes (create, change, delete) one client may make per window, whatever accounts it signs in with. */
  DRAFT_WRITE_RATE_LIMIT: optional(requestCount.default(DEFAULT_DRAFT_WRITE_LIMITS.client.limit)),
  /** Draft writes one signed-in account may make per window, from any number of clients. */
  ACCOUNT_DRAFT_WRITE_RATE_LIMIT: optional(requestCount.default(DEFAULT_DRAFT_WRITE_LIMITS.account.limit)),
  /** Sky reads one client may make per window; each runs the contract's tokenURI on the chain's node. */
  SKY_READ_RATE_LIMIT: optional(requestCount.default(DEFAULT_SKY_READ_LIMIT.limit)),
  /** Name lookups (GET /api/names/:address) one client may make per window. */
  NAME_READ_RATE_LIMIT: optional(requestCount.default(DEFAULT_NAME_READ_LIMIT.limit)),
  /** Requests to relay (POST /api/relay) one client may make per window; each is checked on the chain's node. */
  RELAY_RATE_LIMIT: optional(requestCount.default(DEFAULT_RELAY_LIMIT.limit)),
  /** The window of every limit above, in seconds. */
  RATE_LIMIT_WINDOW_SECONDS: optional(z.coerce.number().int().min(1).max(86_400).default(60)),
  /** `json` (one object a line, for a log collector) or `pretty` (short lines for a person); json in production. */
  LOG_FORMAT: optional(z.enum(['json', 'pretty'], { error: 'LOG_FORMAT must be json or pretty.' }).optional()),
  /** The least severe lines logged: each request's is `info`. */
  LOG_LEVEL: optional(
    z
      .enum(LOG_LEVELS as [LogLevel, ...LogLevel[]], { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.` })
      .default('info'),
  ),
  /**
   * `all` logs a line for every request; `failures` only for those answered 5xx or slower than a second, behind a
   * proxy that logs every request with the same id (nginx in compose.yaml).
   */
  LOG_REQUESTS: optional(
    z
      .enum(REQUEST_LINES as [RequestLines, ...RequestLines[]], {
        error: `LOG_REQUESTS must be one of ${REQUEST_LINES.join(', ')}.`,
      })
      .default('all'),
  ),
  /** A port of its own for Prometheus's `GET /metrics`, apart from the public one; unset, no such listener. */
  METRICS_PORT: optional(z.coerce.number().int().min(1).max(65_535).optional()),
  /** The interface the metrics listener binds to (default HOST). */
  METRICS_HOST: optional(z.string().optional()),
  /** `true` also answers `GET /metrics` on the public port, for a deployment whose proxy keeps it private. */
  METRICS_PUBLIC: optional(
    z
      .enum(['true', 'false'], { error: 'METRICS_PUBLIC must be true or false.' })
      .default('false')
      .transform((value) => value === 'true'),
  ),
  /**
   * The relayer's key: the account that pays the gas of players' sponsored writes through the game's forwarder
   * (docs/decisions/sponsored-writes.md). Unset, nothing is relayed. Never logged, nor echoed in an error.
   */
  RELAYER_PRIVATE_KEY: optional(
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'RELAYER_PRIVATE_KEY must be 0x and 64 hexadecimal digits.')
      .transform((value) => value as Hex)
      .optional(),
  ),
  /** The gas one player's sponsored writes may cost a day, in ether. */
  RELAY_PLAYER_DAILY_ETH: optional(ether('RELAY_PLAYER_DAILY_ETH').default(parseEther('0.005'))),
  /**
   * The gas the sponsored writes from one network (an IPv4 /24, an IPv6 /64) may cost a day, whichever players they
   * are for, in ether.
   */
  RELAY_CLIENT_DAILY_ETH: optional(ether('RELAY_CLIENT_DAILY_ETH').default(parseEther('0.02'))),
  /** The gas the relayer may spend a day in all, in ether. */
  RELAY_DAILY_ETH: optional(ether('RELAY_DAILY_ETH').default(parseEther('0.5'))),
  /**
   * The share of RELAY_DAILY_ETH kept back for players who have played before (a transaction of theirs relayed on an
   * earlier day): players new today spend the rest together. 0 keeps nothing back; 1 sponsors no new player.
   */
  RELAY_RETURNING_SHARE: optional(
    z.coerce
      .number({ error: 'RELAY_RETURNING_SHARE must be a share between 0 and 1, such as 0.5.' })
      .min(0, 'RELAY_RETURNING_SHARE must be a share between 0 and 1, such as 0.5.')
      .max(1, 'RELAY_RETURNING_SHARE must be a share between 0 and 1, such as 0.5.')
      .default(DEFAULT_RETURNING_SHARE),
  ),
  /** New players (the relayer's first request for them) the game sponsors in any 60 s, across every API process. */
  RELAY_NEW_PLAYERS_PER_MINUTE: optional(
    z.coerce.number().int().min(0).max(100_000).default(DEFAULT_NEW_PLAYERS_PER_MINUTE),
  ),
  /** Most gas one sponsored write's call may take. */
  RELAY_GAS_CAP: optional(z.coerce.number().int().min(50_000).max(5_000_000).default(300_000)),
  /** Below this balance, in ether, the relayer stops relaying and says so. */
  RELAY_MIN_BALANCE_ETH: optional(ether('RELAY_MIN_BALANCE_ETH').default(parseEther('0.05'))),
  /** How long a SIGTERM waits for the requests in flight before the process exits anyway, in seconds. */
  SHUTDOWN_GRACE_SECONDS: optional(z.coerce.number().min(0).max(3600).default(10)),
  /**
   * Push services the API sends reminders to besides the browsers' own (Chrome's, Firefox's, Safari's, Edge's), as
   * origins: a push service stand-in in tests and benches. Production leaves it unset.
   */
  PUSH_SERVICE_ORIGINS: optional(origins.optional()),
  /** How often the reminders' schedule is planned ahead, in seconds (docs/decisions/reminders.md). */
  REMINDER_PLAN_SECONDS: optional(z.coerce.number().int().min(1).max(300).default(30)),
  /** Reminders one API process sends at once. */
  REMINDER_SENDS_AT_ONCE: optional(z.coerce.number().int().min(1).max(256).default(32)),
})

/** The public Sepolia endpoint development uses when SEPOLIA_RPC_URL is unset; production never does. */
export const DEVELOPMENT_SEPOLIA_RPC_URL = 'https://ethereum-sepolia-rpc.publicnode.com'

const withNodes = schema
  .superRefine((env, ctx) => {
    // Whoever runs the node decides who signs in with a contract account: a deployment names the one it trusts.
    if (env.NODE_ENV === 'production' && env.SEPOLIA_RPC_URL === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['SEPOLIA_RPC_URL'],
        message:
          'SEPOLIA_RPC_URL must name the Sepolia node trusted to check contract accounts’ sign-ins; production has no default.',
      })
    if (env.ENS_UNIVERSAL_RESOLVER !== undefined && env.ENS_RPC_URL === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['ENS_UNIVERSAL_RESOLVER'],
        message: 'ENS_UNIVERSAL_RESOLVER names a contract on ENS_RPC_URL’s chain; set ENS_RPC_URL too.',
      })
  })
  .superRefine((env, ctx) => {
    const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT].filter((v) => v !== undefined)
    if (vapid.length !== 0 && vapid.length !== 3)
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together: set all three, or none.',
      })
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT)
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'METRICS_PORT must differ from PORT; set METRICS_PUBLIC=true to serve metrics on the public port.',
      })
  })
  .transform((env) => ({
    ...env,
    SEPOLIA_RPC_URL: env.SEPOLIA_RPC_URL ?? DEVELOPMENT_SEPOLIA_RPC_URL,
    LOG_FORMAT: env.LOG_FORMAT ?? (env.NODE_ENV === 'production' ? ('json' as const) : ('pretty' as const)),
  }))

export type Env = z.infer<typeof withNodes>

/** Thrown by {@link parseEnv}; its message names every bad variable. */
export class EnvError extends Error {
  constructor(
    readonly names: string[],
    detail: string,
  ) {
    super(`invalid environment: ${names.join(', ')}\n${detail}`)
    this.name = 'EnvError'
  }
}

/** Validates the server's environment variables and applies defaults. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = withNodes.safeParse(source)
  if (result.success) return result.data
  const names = [...new Set(result.error.issues.map((issue) => String(issue.path[0])))]
  throw new EnvError(names, z.prettifyError(result.error))
}

function loadEnv(): Env {
  try {
    return parseEnv(process.env)
  } catch (error) {
    if (!(error instanceof EnvError)) throw error
    // Fail fast at startup rather than on the first request that needs the value.
    process.stderr.write(`server: ${error.message}\n`)
    process.exit(1)
  }
}

/** The process environment, parsed once at startup. */
export const env = loadEnv()

/** What a log line must never show: the configured URLs' secrets (`secretsOf`) and the relayer's key. */
export const secretsOfEnv = (env: Env): string[] =>
  secretsOf([
    env.DATABASE_URL,
    env.SEPOLIA_RPC_URL,
    env.LOCAL_RPC_URL,
    env.ENS_RPC_URL,
    env.INDEXER_URL,
    env.RELAYER_PRIVATE_KEY,
  ])

/** The app's configuration from the parsed environment: Sepolia always, the local chain when LOCAL_RPC_URL is set. */
export function configFromEnv(env: Env): AppConfig {
  const chains: SignInChain[] = [{ chain: sepolia, rpcUrl: env.SEPOLIA_RPC_URL }]
  if (env.LOCAL_RPC_URL) chains.push({ chain: anvil, rpcUrl: env.LOCAL_RPC_URL })
  return {
    chainId: env.CHAIN_ID,
    contracts: contractsFor(env.CHAIN_ID),
    webDist: env.NODE_ENV === 'production' ? env.WEB_DIST : undefined,
    // Never a request's Host in production: a page's preview then names the origin the deployment was given.
    publicOrigin: env.PUBLIC_ORIGIN ?? (env.NODE_ENV === 'production' ? env.APP_ORIGINS[0] : undefined),
    auth: {
      origins: env.APP_ORIGINS,
      chains,
      rateLimits: {
        nonce: { limit: env.NONCE_RATE_LIMIT, windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000 },
        verify: { limit: env.VERIFY_RATE_LIMIT, windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000 },
        session: { limit: env.SESSION_RATE_LIMIT, windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000 },
      },
    },
    safeOrigins: env.SAFE_ORIGINS,
    // The local chain's node is the one the web app built by the local stack calls too (VITE_LOCAL_RPC_URL).
    rpcOrigins: [
      ...SEPOLIA_WEB_RPC_ORIGINS,
      ...(env.WEB_RPC_ORIGINS ?? []),
      ...(env.LOCAL_RPC_URL ? [new URL(env.LOCAL_RPC_URL).origin] : []),
    ],
    trustedProxies: env.TRUST_PROXY,
    requestLines: env.LOG_REQUESTS,
    walletConnectRelay: env.WALLETCONNECT_RELAY_URL,
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
        : undefined,
    reminders: {
      pushOrigins: env.PUSH_SERVICE_ORIGINS ?? [],
      planSeconds: env.REMINDER_PLAN_SECONDS,
      sendsAtOnce: env.REMINDER_SENDS_AT_ONCE,
    },
    skyReads: { limit: env.SKY_READ_RATE_LIMIT, windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000 },
    names: env.ENS_RPC_URL
      ? {
          rpcUrl: env.ENS_RPC_URL,
          ...(env.ENS_UNIVERSAL_RESOLVER ? { universalResolver: env.ENS_UNIVERSAL_RESOLVER } : {}),
        }
      : undefined,
    indexerUrl: env.INDEXER_URL,
    metricsPublic: env.METRICS_PUBLIC,
    relay: env.RELAYER_PRIVATE_KEY
      ? {
          privateKey: env.RELAYER_PRIVATE_KEY,
          budgets: {
            playerWei: env.RELAY_PLAYER_DAILY_ETH,
            clientWei: env.RELAY_CLIENT_DAILY_ETH,
            allWei: env.RELAY_DAILY_ETH,
            newcomersWei: newcomersShare(env.RELAY_DAILY_ETH, env.RELAY_RETURNING_SHARE),
            newPlayersPerMinute: env.RELAY_NEW_PLAYERS_PER_MINUTE,
          },
          gasCap: BigInt(env.RELAY_GAS_CAP),
          minBalanceWei: env.RELAY_MIN_BALANCE_ETH,
        }
      : undefined,
    nameReads: { limit: env.NAME_READ_RATE_LIMIT, windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000 },
    relayRequests: { limit: env.RELAY_RATE_LIMIT, windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000 },
    draftWrites: {
      client: { limit: env.DRAFT_WRITE_RATE_LIMIT, windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000 },
      account: { limit: env.ACCOUNT_DRAFT_WRITE_RATE_LIMIT, windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000 },
    },
  }
}
