import { createPostgresCluster, type PostgresCluster } from '@chainellation/scripts/postgres'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { register } from 'prom-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testOrigin } from '../test/sign-in'
import { createApp } from './app'
import type { AppConfig } from './config'
import { type DatabaseHandle, openDatabase } from './db'
import { instrumentPostgres } from './metrics'
import { leaseSize, postgresRateLimits, RATE_LIMIT_TABLE } from './rate-limit'

let cluster: PostgresCluster
/** Two API processes' databases: each its own connections to the one cluster, as two processes have. */
let first: DatabaseHandle
let second: DatabaseHandle
beforeAll(async () => {
  cluster = await createPostgresCluster()
  first = await openDatabase({ url: cluster.url })
  second = await openDatabase({ url: cluster.url })
}, 120_000)
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()])
  await cluster?.destroy()
})

const config: AppConfig = {
  chainId: 31337,
  contracts: {},
  auth: {
    origins: [testOrigin],
    chains: [],
    rateLimits: {
      nonce: { limit: 4, windowMs: 60_000 },
      verify: { limit: 2, windowMs: 60_000 },
      session: { limit: 3, windowMs: 60_000 },
    },
  },
  skyReads: { limit: 2, windowMs: 60_000 },
}

/** An app as one API process builds it on Postgres. */
const processOn = (database: DatabaseHandle) => {
  if (!database.postgres) throw new Error('not Postgres')
  return createApp({ config, db: database.db, rateLimits: postgresRateLimits(database.postgres) })
}

const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress, remotePort: 40_000 } } })

describe('rate limits on Postgres', () => {
  it('refuse on one process a client that went past its limit on another', async () => {
    const [a, b] = [processOn(first), processOn(second)]
    const client = from('203.0.113.70')
    const nonce = (app: typeof a) => app.request('/api/auth/nonce', {}, client)
    expect([(await nonce(a)).status, (await nonce(b)).status, (await nonce(a)).status]).toEqual([200, 200, 200])
    const last = await nonce(b)
    expect(last.status).toBe(200)
    expect(last.headers.get('ratelimit')).toMatch(/^limit=4, remaining=0, reset=\d+$/)
    const refused = await nonce(a)
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter >= 1 && retryAfter <= 60).toBe(true)
    expect(await refused.json()).toEqual({
      error: `Too many sign-in nonces from your address; try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    })
    expect((await nonce(b)).status).toBe(429)
    // Another client, and another limit of the same client, are counted apart.
    expect((await a.request('/api/auth/nonce', {}, from('203.0.113.71'))).status).toBe(200)
    expect((await b.request('/api/auth/session', {}, client)).status).toBe(200)
  })

  it('count sky reads of a sky’s page and of the API together across processes', async () => {
    const [a, b] = [processOn(first), processOn(second)]
    const client = from('203.0.113.72')
    // No chain is configured: each read is counted, then answered 404 for the chain.
    expect((await a.request('/api/skies/31337/1', {}, client)).status).toBe(404)
    expect((await b.request('/api/skies/31337/1', {}, client)).status).toBe(404)
    expect((await a.request('/api/skies/31337/1', {}, client)).status).toBe(429)
  })

  it('keep the counts in one unlogged table, a row per limit and client', async () => {
    const rows = await first.db.execute<{ key: string; points: number }>(
      sql`select key, points from ${sql.identifier(RATE_LIMIT_TABLE)} where key like '%203.0.113.70'`,
    )
    expect(rows).toEqual(
      expect.arrayContaining([
        // Each process asked the table once past the limit, then refused from memory.
        { key: 'sign-in-nonces:203.0.113.70', points: 6 },
        { key: 'session-checks:203.0.113.70', points: 1 },
      ]),
    )
    const tables = await first.db.execute<{ relpersistence: string }>(
      sql`select relpersistence from pg_class where relname = ${RATE_LIMIT_TABLE}`,
    )
    expect([...(tables as unknown as { relpersistence: string }[])]).toEqual([{ relpersistence: 'u' }])
  })

  it('time the queries sent to Postgres', async () => {
    const database = await openDatabase({ url: cluster.url })
    try {
      if (!database.postgres) throw new Error('not Postgres')
      instrumentPostgres(database.postgres)
      const before = await queriesCounted()
      const app = createApp({ config, db: database.db, rateLimits: postgresRateLimits(database.postgres) })
      // A nonce is a count, a delete of expired nonces and an insert; a transaction is its BEGIN and its queries.
      expect((await app.request('/api/auth/nonce', {}, from('203.0.113.73'))).status).toBe(200)
      await database.db.transaction((tx) => tx.execute(sql`select 1`))
      expect((await queriesCounted()) - before).toBe(5)
      const text = await register.metrics()
      expect(text).toMatch(/^chainellation_db_queries_in_flight 0$/m)
      expect(text).toMatch(/^chainellation_db_pool_max_connections 10$/m)
    } finally {
      await database.close()
    }
  })
})

describe('a limit of thousands on Postgres', () => {
  it('is counted in leases, letting no client past it from any process', async () => {
    if (!first.postgres || !second.postgres) throw new Error('not Postgres')
    const limit = { limit: 5000, windowMs: 60_000 }
    expect(leaseSize(limit)).toBe(5)
    const a = postgresRateLimits(first.postgres)('leased', limit)
    const b = postgresRateLimits(second.postgres)('leased', limit)
    const allowed = { a: 0, b: 0 }
    // Uneven, as a load balancer may be: three requests to one process for each to the other.
    for (let i = 0; i < 5200; i++) {
      const which = i % 4 === 3 ? 'b' : 'a'
      if ((await (which === 'a' ? a : b).count('203.0.113.90')).allowed) allowed[which] += 1
    }
    expect(allowed.a + allowed.b).toBeLessThanOrEqual(5000)
    // At most a lease's worth, less the request that took it, is stranded in each process.
    expect(allowed.a + allowed.b).toBeGreaterThanOrEqual(5000 - 2 * 4)
    const rows = await first.db.execute<{ points: number }>(
      sql`select points from ${sql.identifier(RATE_LIMIT_TABLE)} where key = 'leased:203.0.113.90'`,
    )
    // Leases past the limit are counted once per process, then refused from memory.
    expect([...(rows as unknown as { points: number }[])][0]?.points).toBeLessThanOrEqual(5000 + 2 * 5)
  })

  it('shares a lease among the requests that come together', async () => {
    if (!first.postgres) throw new Error('not Postgres')
    const limit = { limit: 5000, windowMs: 60_000 }
    const a = postgresRateLimits(first.postgres)('together', limit)
    let allowed = 0
    // Fifty at a time, as fifty players behind one address, or a load test, send them.
    for (let wave = 0; wave < 104; wave++) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => a.count('203.0.113.91')))
      allowed += answers.filter((answer) => answer.allowed).length
    }
    expect(allowed).toBeLessThanOrEqual(5000)
    expect(allowed).toBeGreaterThanOrEqual(5000 - 4)
  })

  it('counts each request in the store below a thousand a window', () => {
    expect(leaseSize({ limit: 1999, windowMs: 60_000 })).toBe(1)
    expect(leaseSize({ limit: 120, windowMs: 60_000 })).toBe(1)
  })
})

describe('rate limits when Postgres does not answer', () => {
  it('count in the process’s memory instead, still refusing past the limit', async () => {
    const nowhere = postgres('postgres://chainellation@127.0.0.1:1/none', { connect_timeout: 2, onnotice: () => {} })
    try {
      const counter = postgresRateLimits(nowhere)('sign-in-nonces', { limit: 2, windowMs: 60_000 })
      const allowed = []
      for (let i = 0; i < 3; i++) allowed.push((await counter.count('203.0.113.80')).allowed)
      expect(allowed).toEqual([true, true, false])
    } finally {
      await nowhere.end({ timeout: 1 })
    }
  })
})

const queriesCounted = async () => {
  const metric = await register.getSingleMetric('chainellation_db_query_duration_seconds')?.get()
  return (metric?.values ?? [])
    .filter(
      (value) => (value as { metricName?: string }).metricName === 'chainellation_db_query_duration_seconds_count',
    )
    .reduce((sum, value) => sum + value.value, 0)
}
