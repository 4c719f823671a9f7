import type { AddressInfo } from 'node:net'
import { type ServerType, serve } from '@hono/node-server'
import { anvil } from 'viem/chains'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openTestDatabase } from '../test/database'
import { signIn, testOrigin } from '../test/sign-in'
import { createApp } from './app'
import type { AppConfig, SignInRateLimits } from './config'
import type { DatabaseHandle } from './db'
import { networkKey, rateLimitKey } from './rate-limit'

let database: DatabaseHandle
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database?.close()
})
afterEach(() => {
  vi.useRealTimers()
})

const limits: SignInRateLimits = {
  nonce: { limit: 3, windowMs: 60_000 },
  verify: { limit: 2, windowMs: 60_000 },
  session: { limit: 3, windowMs: 60_000 },
}

const appWith = (config: Partial<AppConfig> = {}) =>
  createApp({
    config: {
      chainId: 31337,
      contracts: {},
      auth: { origins: [testOrigin], chains: [], rateLimits: limits },
      ...config,
    },
    db: database.db,
  })

type App = ReturnType<typeof appWith>

/**
 * What @hono/node-server hands `app.fetch` besides the request: the incoming message, whose socket names the
 * connection's address. `app.request` alone passes none (a request made in-process).
 */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress, remotePort: 40_000 } } })

const nonce = (app: App, env?: object, headers: Record<string, string> = {}) =>
  app.request('/api/auth/nonce', { headers }, env)

/** A sign-in attempt refused for its body, which still counts. */
const verify = (app: App, env?: object) =>
  app.request(
    '/api/auth/verify',
    { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: testOrigin }, body: '{}' },
    env,
  )

const statuses = async (requests: (() => Response | Promise<Response>)[]) => {
  const out: number[] = []
  for (const request of requests) out.push((await request()).status)
  return out
}

const times = <T>(n: number, make: () => T) => Array.from({ length: n }, make)

describe('sign-in rate limits', () => {
  it('answer the nonce beyond the limit with 429, Retry-After and a JSON sentence', async () => {
    const app = appWith()
    const client = from('203.0.113.7')
    expect(await statuses(times(3, () => () => nonce(app, client)))).toEqual([200, 200, 200])
    const refused = await nonce(app, client)
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true)
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await refused.json()).toEqual({
      error: `Too many sign-in nonces from your address; try again in ${retryAfter} seconds.`,
    })
    expect(refused.headers.get('cache-control')).toBe('no-store')
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('count refused sign-in attempts too, apart from nonces', async () => {
    const app = appWith()
    const client = from('203.0.113.8')
    expect(await statuses(times(2, () => () => verify(app, client)))).toEqual([400, 400])
    const refused = await verify(app, client)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many sign-in attempts from your address/)
    // The nonce has its own count.
    expect((await nonce(app, client)).status).toBe(200)
  })

  it('tell the policy on every answer of a limited route', async () => {
    const res = await nonce(appWith(), from('203.0.113.9'))
    expect(res.headers.get('ratelimit-policy')).toBe('3;w=60')
    expect(res.headers.get('ratelimit')).toMatch(/^limit=3, remaining=2, reset=\d+$/)
  })

  it('count each client apart', async () => {
    const app = appWith()
    for (let i = 0; i < 4; i++) await nonce(app, from('198.51.100.1'))
    expect((await nonce(app, from('198.51.100.1'))).status).toBe(429)
    expect((await nonce(app, from('198.51.100.2'))).status).toBe(200)
  })

  it('let the client in again once the window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const app = appWith()
    const client = from('198.51.100.3')
    for (let i = 0; i < 3; i++) await nonce(app, client)
    expect((await nonce(app, client)).status).toBe(429)
    vi.setSystemTime(Date.now() + 59_000)
    const refused = await nonce(app, client)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(await refused.json()).toEqual({
      error: 'Too many sign-in nonces from your address; try again in 1 second.',
    })
    vi.setSystemTime(Date.now() + 1_000)
    expect((await nonce(app, client)).status).toBe(200)
  })

  it('do not count the session, logout, health and drafts routes against the nonce', async () => {
    const app = appWith({ auth: { origins: [testOrigin], chains: [], rateLimits: limits } })
    const client = from('198.51.100.4')
    for (let i = 0; i < 4; i++) await nonce(app, client)
    for (const [path, method] of [
      ['/api/auth/session', 'GET'],
      ['/api/auth/logout', 'POST'],
      ['/api/health', 'GET'],
      ['/api/drafts', 'GET'],
    ]) {
      const res = await app.request(path, { method }, client)
      expect(res.status, path).not.toBe(429)
    }
  })

  it('apply the production limits when none are configured', async () => {
    const app = createApp({
      config: { chainId: 31337, contracts: {}, auth: { origins: [testOrigin], chains: [] } },
      db: database.db,
    })
    const res = await nonce(app, from('198.51.100.5'))
    expect(res.headers.get('ratelimit-policy')).toBe('60;w=60')
  })

  it('count requests made in-process, with no connection, together', async () => {
    const app = appWith()
    expect(await statuses(times(4, () => () => nonce(app)))).toEqual([200, 200, 200, 429])
  })
})

describe('session and draft rate limits', () => {
  const session = (app: App, env?: object) => app.request('/api/auth/session', {}, env)

  it('answer session reads beyond the limit per client with 429 and a sentence', async () => {
    const app = appWith()
    const client = from('203.0.113.30')
    expect(await statuses(times(3, () => () => session(app, client)))).toEqual([200, 200, 200])
    const refused = await session(app, client)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^Too many session checks from your address; try again in \d+ seconds?\.$/,
    )
    expect((await session(app, from('203.0.113.31'))).status).toBe(200)
  })

  it('refuse 30 of 150 session reads from one client under the production limit', async () => {
    const app = createApp({
      config: { chainId: 31337, contracts: {}, auth: { origins: [testOrigin], chains: [] } },
      db: database.db,
    })
    const client = from('203.0.113.32')
    const codes = await statuses(times(150, () => () => session(app, client)))
    expect(codes.filter((code) => code === 429)).toHaveLength(30)
    expect(codes.slice(0, 120).every((code) => code === 200)).toBe(true)
  })

  /** An app whose draft writes are limited to `client` per address and `account` per account, with sign-in open. */
  const draftsApp = (client: number, account: number) =>
    appWith({
      auth: {
        origins: [testOrigin],
        chains: [{ chain: anvil, rpcUrl: 'http://127.0.0.1:9' }],
        // Every sign-in here is made in-process, under one key: the sign-in limits are not the ones tried.
        rateLimits: { ...limits, nonce: { limit: 100, windowMs: 60_000 }, verify: { limit: 100, windowMs: 60_000 } },
      },
      draftWrites: { client: { limit: client, windowMs: 60_000 }, account: { limit: account, windowMs: 60_000 } },
    })

  const draft = (n: number) => ({
    name: `Draft ${n}`,
    chainId: 31337,
    layers: [1, 2, 3].map((layer) => ({ layer, decorationId: 0, tokenId: '0' })),
  })

  const write = (app: App, cookie: string, env: object, method = 'POST', path = '/api/drafts', body?: unknown) =>
    app.request(
      path,
      {
        method,
        headers: { 'Content-Type': 'application/json', Origin: testOrigin, Cookie: cookie },
        ...(method === 'DELETE' ? {} : { body: JSON.stringify(body ?? draft(0)) }),
      },
      env,
    )

  it('hold one account to its limit of draft writes, from any number of addresses', async () => {
    const app = draftsApp(100, 3)
    const { cookie } = await signIn(app)
    const created = await write(app, cookie, from('198.51.100.40'))
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    const codes = await statuses([
      () => write(app, cookie, from('198.51.100.41'), 'PATCH', `/api/drafts/${id}`, { name: 'Renamed' }),
      () => write(app, cookie, from('198.51.100.42'), 'DELETE', `/api/drafts/${id}`),
    ])
    expect(codes).toEqual([200, 204])
    const refused = await write(app, cookie, from('198.51.100.43'))
    expect(refused.status).toBe(429)
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^Too many draft changes by this account; try again in \d+ seconds?\.$/,
    )
    // Another account is counted apart.
    const other = await signIn(app)
    expect((await write(app, other.cookie, from('198.51.100.43'))).status).toBe(201)
  })

  it('hold one client to its limit of draft writes, whichever accounts it signs in with', async () => {
    const app = draftsApp(4, 100)
    const client = from('198.51.100.50')
    const codes: number[] = []
    for (let i = 0; i < 3; i++) {
      // A fresh account each time, as a script would, each with room for 50 drafts.
      const { cookie } = await signIn(app)
      codes.push(...(await statuses([() => write(app, cookie, client), () => write(app, cookie, client)])))
    }
    expect(codes).toEqual([201, 201, 201, 201, 429, 429])
    const { cookie } = await signIn(app)
    const refused = await write(app, cookie, client)
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many draft changes from your address;/)
    expect((await write(app, cookie, from('198.51.100.51'))).status).toBe(201)
  })

  it('count a client’s writes without a session too, before any database lookup', async () => {
    const app = draftsApp(2, 100)
    const client = from('198.51.100.60')
    expect(await statuses(times(3, () => () => write(app, 'nonsense=1', client)))).toEqual([401, 401, 429])
  })

  it('leave draft reads alone', async () => {
    const app = draftsApp(1, 1)
    const { cookie } = await signIn(app)
    const client = from('198.51.100.70')
    await write(app, cookie, client)
    const reads = await statuses(
      times(5, () => () => app.request('/api/drafts', { headers: { Cookie: cookie } }, client)),
    )
    expect(reads).toEqual([200, 200, 200, 200, 200])
  })

  it('let a fresh account write 20 drafts a minute under the production limits, not its 50', async () => {
    const app = createApp({
      config: {
        chainId: 31337,
        contracts: {},
        auth: { origins: [testOrigin], chains: [{ chain: anvil, rpcUrl: 'http://127.0.0.1:9' }] },
      },
      db: database.db,
    })
    const { cookie } = await signIn(app)
    const client = from('198.51.100.80')
    const codes = await statuses(times(50, () => () => write(app, cookie, client)))
    expect(codes.filter((code) => code === 201)).toHaveLength(20)
    expect(codes.filter((code) => code === 429)).toHaveLength(30)
  })
})

describe('who the client is', () => {
  it('ignores X-Forwarded-For unless proxies are trusted: anyone can write it', async () => {
    const app = appWith()
    const client = from('192.0.2.10')
    const codes = await statuses(
      ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'].map(
        (forged) => () => nonce(app, client, { 'X-Forwarded-For': forged }),
      ),
    )
    expect(codes).toEqual([200, 200, 200, 429])
  })

  it('behind one trusted proxy, takes the address it appended, not what the client wrote before it', async () => {
    const app = appWith({ trustedProxies: 1 })
    const proxy = from('10.0.0.2')
    const codes = await statuses(
      ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4'].map(
        (forged) => () => nonce(app, proxy, { 'X-Forwarded-For': `${forged}, 192.0.2.20` }),
      ),
    )
    expect(codes).toEqual([200, 200, 200, 429])
    // Another client behind the same proxy has its own count.
    expect((await nonce(app, proxy, { 'X-Forwarded-For': '192.0.2.21' })).status).toBe(200)
  })

  it('behind two trusted proxies, takes the second entry from the end', async () => {
    const app = appWith({ trustedProxies: 2 })
    const proxy = from('10.0.0.3')
    for (let i = 0; i < 3; i++) await nonce(app, proxy, { 'X-Forwarded-For': `9.9.9.${i}, 192.0.2.30, 10.0.0.9` })
    expect((await nonce(app, proxy, { 'X-Forwarded-For': '192.0.2.30, 10.0.0.8' })).status).toBe(429)
    expect((await nonce(app, proxy, { 'X-Forwarded-For': '192.0.2.31, 10.0.0.9' })).status).toBe(200)
  })

  it('reads an address a proxy wrote with its port', async () => {
    const app = appWith({ trustedProxies: 1 })
    const proxy = from('10.0.0.5')
    const codes = await statuses(
      ['192.0.2.40:1111', '192.0.2.40:2222', '192.0.2.40', '192.0.2.40:3333', '[2001:db8::7]:4444', '2001:db8::8'].map(
        (hop) => () => nonce(app, proxy, { 'X-Forwarded-For': hop }),
      ),
    )
    // Four from one IPv4 client, then two from one IPv6 /64, each counted on its own.
    expect(codes).toEqual([200, 200, 200, 429, 200, 200])
  })

  it('falls back to the connection when a trusted proxy sent no usable address', async () => {
    const app = appWith({ trustedProxies: 1 })
    const proxy = from('10.0.0.4')
    const codes = await statuses(
      [undefined, '', 'unknown', 'not an address'].map(
        (header) => () => nonce(app, proxy, header === undefined ? {} : { 'X-Forwarded-For': header }),
      ),
    )
    expect(codes).toEqual([200, 200, 200, 429])
  })

  it('counts the addresses of one IPv6 /64 together', async () => {
    const app = appWith()
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:aaaa::9', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff'])
      expect((await nonce(app, from(address))).status, address).toBe(200)
    expect((await nonce(app, from('2001:db8:1:2::77'))).status).toBe(429)
    expect((await nonce(app, from('2001:db8:1:3::1'))).status).toBe(200)
  })
})

describe('rateLimitKey', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['::FFFF:127.0.0.1', '127.0.0.1'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0db8:0000:0000:0000:0000:0000:0002', '2001:db8:0:0::/64'],
    ['2001:db8:a:b:c:d:e:f', '2001:db8:a:b::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['1:2:3:4:5:6:1.2.3.4', '1:2:3:4::/64'],
    [undefined, 'unknown'],
  ])('counts %s as %s', (address, key) => {
    expect(rateLimitKey(address)).toBe(key)
  })
})

describe('over a real connection', () => {
  let server: ServerType
  let base: string
  beforeAll(async () => {
    const app = appWith()
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 })
    await new Promise((resolve) => server.once('listening', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('counts by the connection’s address, whatever X-Forwarded-For claims', async () => {
    const codes: number[] = []
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${base}/api/auth/nonce`, { headers: { 'X-Forwarded-For': `192.0.2.${i}` } })
      codes.push(res.status)
      await res.arrayBuffer()
    }
    expect(codes).toEqual([200, 200, 200, 429])
  })
})

describe('networkKey', () => {
  it.each([
    ['203.0.113.5', '203.0.113.0/24'],
    ['203.0.113.250', '203.0.113.0/24'],
    ['::ffff:203.0.113.5', '203.0.113.0/24'],
    ['2001:db8:a:b:c:d:e:f', '2001:db8:a:b::/64'],
    ['2001:db8:a:b::1', '2001:db8:a:b::/64'],
    [undefined, 'unknown'],
  ])('counts %s in %s', (address, key) => {
    expect(networkKey(address)).toBe(key)
  })
})
