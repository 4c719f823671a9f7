import { isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import { LRUCache } from 'lru-cache'
import type { ParameterOrJSON, Sql } from 'postgres'
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import type { RateLimit } from './config'

/** Whether `app.fetch` was called by the Node server, which passes the connection; `app.request` passes none. */
const hasConnection = (env: unknown) => typeof env === 'object' && env !== null && 'incoming' in env

/**
 * The address of the client behind a request: the connection's, or, behind `trustedProxies` reverse proxies, the
 * one the farthest of them saw. Each proxy appends the address it was connected from to X-Forwarded-For, so the
 * client's is `trustedProxies` entries from the end; whatever the client wrote itself comes before and is ignored.
 * `undefined` when neither is known (a request made in-process).
 */
export function clientAddress(c: Context, trustedProxies: number): string | undefined {
  if (trustedProxies > 0) {
    const hops = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean)
    // Only the hop that names the client is read for its address (a hop without its port is never empty).
    const hop = hops[Math.max(0, hops.length - trustedProxies)]
    const named = hop && withoutPort(hop)
    if (named && isIP(named)) return named
  }
  return hasConnection(c.env) ? getConnInfo(c).remote.address : undefined
}

/** An address as some proxies write it, with the client's port (`203.0.113.5:4711`, `[2001:db8::1]:4711`), without. */
const withoutPort = (hop: string) =>
  // Most hops are a bare IPv4 address, nothing to take off (nginx writes no port): every request is counted by one.
  hop.includes(':')
    ? hop.replace(/^\[([^\]]+)\](?::\d+)?$/, '$1').replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, '$1')
    : hop

/** The first four groups of an IPv6 address (its /64 network), each without leading zeros. */
function ipv6Network(address: string): string {
  const [head = '', tail] = (address.split('%')[0] ?? '').split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  // A trailing dotted IPv4 part fills two groups.
  const groupsIn = (parts: string[]) => parts.reduce((n, part) => n + (part.includes('.') ? 2 : 1), 0)
  const groups = [...left, ...Array<string>(8 - groupsIn(left) - groupsIn(right)).fill('0'), ...right]
  return groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')
}

/**
 * What one client's requests are counted under: an IPv4 address (also when IPv4-mapped), or an IPv6 address's
 * /64, since one subscriber is routinely given a whole /64 and could otherwise take a new address per request.
 */
export function rateLimitKey(address: string | undefined): string {
  if (address === undefined) return 'unknown'
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1]
  if (mapped) return mapped
  if (isIP(address) === 6) return `${ipv6Network(address)}::/64`
  return address
}

/**
 * The network a client's address belongs to, for what is counted per holder rather than per address: an IPv4
 * address's /24 (also when IPv4-mapped), an IPv6 address's /64. One holder of a /24 or a /64 can send from any of its
 * addresses, so a budget per address would be one per address it holds.
 */
export function networkKey(address: string | undefined): string {
  const key = rateLimitKey(address)
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(key)?.[1]
  return v4 ? `${v4}.0/24` : key
}

/** One request counted against a limit: whether it is allowed, and what the RateLimit headers tell. */
export type Counted = { allowed: boolean; remaining: number; msBeforeReset: number }

/** A limit's counts, one per key, shared by everything that holds the same counter. */
export type Counter = { limit: RateLimit; count: (key: string) => Promise<Counted> }

/**
 * Where the API's limits are counted: `name` keeps one limit's counts apart from the others' (it prefixes every key),
 * and every process whose counters share a store and a name counts together.
 */
export type RateLimitStore = (name: string, limit: RateLimit) => Counter

const counted = (allowed: boolean, res: RateLimiterRes): Counted => ({
  allowed,
  remaining: res.remainingPoints,
  msBeforeReset: res.msBeforeNext,
})

/** A counter over one of rate-limiter-flexible's limiters; a refusal comes as a rejected RateLimiterRes. */
function counterOf(limiter: RateLimiterAbstract, limit: RateLimit): Counter {
  return {
    limit,
    count: (key) =>
      limiter.consume(key).then(
        (res) => counted(true, res),
        (refused: unknown) => {
          if (refused instanceof RateLimiterRes) return counted(false, refused)
          throw refused
        },
      ),
  }
}

/**
 * Requests a process takes from a shared count at once: 1 (every request counted in the store) below
 * {@link LEASE_FROM} requests a window, which covers every limit a person could reach; a thousandth of the limit
 * above, where a write per request would buy a precision of one request in thousands nobody needs.
 */
export const LEASE_FROM = 1000
export const leaseSize = ({ limit }: RateLimit) => Math.max(1, Math.floor(limit / LEASE_FROM))

/**
 * A counter that takes `leaseSize` requests at a time from a shared limiter and hands them out from memory until they
 * run out or the window ends. A client is then refused at most (leaseSize − 1) requests early for each other process
 * holding some of its lease, never let through past the limit. Requests of a key that come while its lease is being
 * taken wait for that one and share it: each taking a lease of its own, fifty requests at once spent fifty leases on
 * fifty requests, and a client sending them so was refused after 1,088 of its 5,000 (rate-limit-postgres.test.ts).
 */
function leasingCounterOf(limiter: RateLimiterAbstract, limit: RateLimit): Counter {
  const size = leaseSize(limit)
  const leases = new LRUCache<string, { left: number; until: number; remaining: number }>({ max: 10_000 })
  /** Per key, the lease being taken from the store. */
  const taking = new Map<string, Promise<Counted>>()
  const take = (key: string, lease: { left: number; until: number; remaining: number }): Counted => {
    lease.left -= 1
    if (lease.left === 0) leases.delete(key)
    return { allowed: true, remaining: lease.remaining + lease.left, msBeforeReset: lease.until - Date.now() }
  }
  const leased = (key: string, granted: number, res: RateLimiterRes): Counted => {
    const lease = { left: granted, until: Date.now() + res.msBeforeNext, remaining: res.remainingPoints }
    if (granted > 1) leases.set(key, lease)
    return take(key, lease)
  }
  const takeLease = (key: string): Promise<Counted> =>
    limiter.consume(key, size).then(
      (res) => leased(key, size, res),
      (refused: unknown) => {
        if (!(refused instanceof RateLimiterRes)) throw refused
        // The part of the lease still under the limit; none when the key is refused from memory (nothing counted).
        const granted = refused.consumedPoints > limit.limit ? size - (refused.consumedPoints - limit.limit) : 0
        return granted > 0 ? leased(key, granted, refused) : counted(false, refused)
      },
    )
  const count = async (key: string): Promise<Counted> => {
    for (;;) {
      const lease = leases.get(key)
      if (lease && lease.until > Date.now()) return take(key, lease)
      const pending = taking.get(key)
      if (!pending) {
        const asked = takeLease(key).finally(() => taking.delete(key))
        taking.set(key, asked)
        return asked
      }
      // Then from what it brought; where it was refused, so is this request.
      const outcome = await pending.catch(() => undefined)
      if (outcome && !outcome.allowed) return outcome
    }
  }
  return { limit, count }
}

const memoryLimiter = (name: string, { limit, windowMs }: RateLimit) =>
  new RateLimiterMemory({ keyPrefix: name, points: limit, duration: windowMs / 1000 })

/** Counts in this process's memory: for one process alone (the embedded database, tests). */
export const memoryRateLimits = (): RateLimitStore => (name, limit) => counterOf(memoryLimiter(name, limit), limit)

/** The table the counts live in on Postgres (db/schema.ts), unlogged: a count lost in a crash costs nothing. */
export const RATE_LIMIT_TABLE = 'rate_limits'

/**
 * Counts in Postgres, shared by every API process on the database (behind a load balancer a client's requests reach
 * any of them). rate-limiter-flexible's RateLimiterPostgres rather than its RateLimiterDrizzle: the Drizzle one
 * imports drizzle-orm at run time by a computed name, which resolves from its own folder (in this workspace another
 * copy and version than ours, out of a bundler's sight), and builds each statement through Drizzle's query builder;
 * the Postgres one sends three fixed statements, which postgres.js prepares once per connection, through the small
 * `query` adapter below. The table comes from our migrations (`tableCreated`), so no process runs DDL at start.
 * A key past its limit is then refused from memory until its window ends (`inMemoryBlockOnConsumed`), so a flood
 * costs the database nothing, and a limit of thousands a window is counted in leases ({@link leaseSize}). Were the
 * database to fail, the process counts alone in memory (`insuranceLimiter`) rather than fail requests that do not
 * need it.
 */
export function postgresRateLimits(sql: Sql): RateLimitStore {
  const storeClient = {
    query: ({ text, values }: { text: string; values?: unknown[] }) =>
      sql
        .unsafe(text, (values ?? []) as ParameterOrJSON<never>[], { prepare: true })
        .then((rows) => ({ rows, rowCount: rows.count })),
  }
  let first = true
  return (name, limit) => {
    // One sweep of expired rows per process is enough: every limit shares the table.
    const clearExpiredByTimeout = first
    first = false
    const limiter = new RateLimiterPostgres({
      storeClient,
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      clearExpiredByTimeout,
      keyPrefix: name,
      points: limit.limit,
      duration: limit.windowMs / 1000,
      inMemoryBlockOnConsumed: limit.limit + leaseSize(limit),
      insuranceLimiter: memoryLimiter(name, limit),
    } as ConstructorParameters<typeof RateLimiterPostgres>[0])
    return leaseSize(limit) > 1 ? leasingCounterOf(limiter, limit) : counterOf(limiter, limit)
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

/**
 * Answers requests beyond the counter's limit under one `key` with 429, a Retry-After header and a JSON error naming
 * `what` was refused and `whose` requests they were (by default the client's address). Every answer tells the policy
 * and what is left of it (RateLimit-Policy and RateLimit, IETF draft-ietf-httpapi-ratelimit-headers-07).
 */
export const rateLimit =
  (
    counter: Counter,
    what: string,
    key: (c: Context) => string,
    { whose = 'from your address' } = {},
  ): MiddlewareHandler =>
  async (c, next) => {
    const { limit, windowMs } = counter.limit
    const { allowed, remaining, msBeforeReset } = await counter.count(key(c))
    const reset = msBeforeReset > 0 ? Math.ceil(msBeforeReset / 1000) : Math.ceil(windowMs / 1000)
    c.header('RateLimit-Policy', `${limit};w=${Math.ceil(windowMs / 1000)}`)
    c.header('RateLimit', `limit=${limit}, remaining=${remaining}, reset=${reset}`)
    if (allowed) return next()
    const wait = seconds(msBeforeReset > 0 ? msBeforeReset : windowMs)
    c.header('Retry-After', String(wait))
    return c.json({ error: `Too many ${what} ${whose}; try again in ${plural(wait, 'second')}.` }, 429)
  }

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`
