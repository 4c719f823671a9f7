import { isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import { MemoryStore, type RateLimitInfo, rateLimiter, type Store } from 'hono-rate-limiter'
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
      .map((hop) => withoutPort(hop.trim()))
      .filter(Boolean)
    const named = hops[Math.max(0, hops.length - trustedProxies)]
    if (named && isIP(named)) return named
  }
  return hasConnection(c.env) ? getConnInfo(c).remote.address : undefined
}

/** An address as some proxies write it, with the client's port (`203.0.113.5:4711`, `[2001:db8::1]:4711`), without. */
const withoutPort = (hop: string) =>
  hop.replace(/^\[([^\]]+)\](?::\d+)?$/, '$1').replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, '$1')

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

type LimitedEnv = { Variables: { rateLimit: RateLimitInfo } }

/** Counts a limit keeps in this process's memory, which the server may also count in itself (`increment`). */
export type RateLimitStore = Store<LimitedEnv> & Pick<MemoryStore<LimitedEnv>, 'increment'>
export const rateLimitStore = (): RateLimitStore => new MemoryStore<LimitedEnv>()

const inSeconds = ({ resetTime }: RateLimitInfo, windowMs: number) =>
  Math.max(1, Math.ceil(resetTime ? (resetTime.getTime() - Date.now()) / 1000 : windowMs / 1000))

/**
 * Answers requests beyond `limit` in `windowMs` under one `key` with 429, a Retry-After header and a JSON error
 * naming `what` was refused and `whose` requests they were (by default the client's address). The counts live in
 * this process's memory (hono-rate-limiter's MemoryStore), or in `store`, which other requests may count in too.
 */
export const rateLimit = (
  { limit, windowMs }: RateLimit,
  what: string,
  key: (c: Context) => string,
  { store, whose = 'from your address' }: { store?: RateLimitStore; whose?: string } = {},
): MiddlewareHandler =>
  rateLimiter<LimitedEnv>({
    limit,
    windowMs,
    keyGenerator: key,
    ...(store ? { store } : {}),
    // RateLimit-Policy and RateLimit on every answer, Retry-After on a refusal.
    standardHeaders: 'draft-7',
    handler: (c) => {
      const seconds = inSeconds(c.get('rateLimit'), windowMs)
      c.header('Retry-After', String(seconds))
      return c.json({ error: `Too many ${what} ${whose}; try again in ${plural(seconds, 'second')}.` }, 429)
    },
  })

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`
