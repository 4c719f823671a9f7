import type { Context, Handler } from 'hono'
import type { Sql } from 'postgres'
import { Counter, collectDefaultMetrics, Gauge, Histogram, register } from 'prom-client'

// Everything here goes to prom-client's default registry, which other parts of the server register their own
// metrics in too; it is created once per process, however many apps a process builds (tests build many).
collectDefaultMetrics({ register })

/**
 * Requests counted and timed by method, status and route: the route's pattern (`/api/skies/:chainId/:skyId`), never
 * the path, so that the number of series stays bounded whatever clients ask for. The names, labels and buckets are
 * the usual ones of HTTP servers' exporters, which the dashboards and alert rules in deploy/ read.
 */
const REQUEST_LABELS = ['method', 'status', 'ok', 'route'] as const
const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Duration of HTTP requests in seconds',
  labelNames: REQUEST_LABELS,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10],
})
const requestsTotal = new Counter({
  name: 'http_requests_total',
  help: 'Total number of HTTP requests',
  labelNames: REQUEST_LABELS,
})

/** Counts the request `c` has been answered, which took `seconds`. */
export function countRequest(c: Context, seconds: number): void {
  const labels = { method: c.req.method, route: c.req.routePath, status: String(c.res.status), ok: String(c.res.ok) }
  requestDuration.observe(labels, seconds)
  requestsTotal.inc(labels)
}

/** `/metrics`: every metric of the default registry in Prometheus's text format. */
export const metricsHandler: Handler = async (c) =>
  c.body(await register.metrics(), 200, { 'Content-Type': register.contentType, 'Cache-Control': 'no-store' })

const queryDuration = new Histogram({
  name: 'chainellation_db_query_duration_seconds',
  help: 'Postgres queries from the time the API sends them (waiting for a free connection included) to their answer.',
  labelNames: ['outcome'],
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
})
const queriesInFlight = new Gauge({
  name: 'chainellation_db_queries_in_flight',
  help: 'Postgres queries sent and not answered yet; above the pool size, the excess waits for a connection.',
})
const poolSize = new Gauge({
  name: 'chainellation_db_pool_max_connections',
  help: 'Most connections the API opens to Postgres.',
})

/**
 * Times every query sent through `sql` (postgres.js), transactions' included. postgres.js tells nothing of its pool,
 * so the pool is seen through its queries: how many wait or run, and how long each takes as the API sees it.
 * A query runs once it is awaited, which follows its creation at once in every caller (Drizzle, the rate limits), so
 * it is timed from its creation; the answer is watched through the plain Promise `then`, which does not start it.
 */
export function instrumentPostgres(sql: Sql): void {
  poolSize.set(sql.options.max)
  const observe = (target: Sql) => {
    const unsafe = target.unsafe.bind(target)
    target.unsafe = ((...args: Parameters<Sql['unsafe']>) => {
      const query = unsafe(...args)
      const stop = queryDuration.startTimer()
      queriesInFlight.inc()
      Promise.prototype.then.call(
        query,
        () => {
          queriesInFlight.dec()
          stop({ outcome: 'ok' })
        },
        () => {
          queriesInFlight.dec()
          stop({ outcome: 'error' })
        },
      )
      return query
    }) as Sql['unsafe']
    // A transaction's own client has no `begin` (it has savepoints, which run on it).
    if (typeof target.begin !== 'function') return
    const begin = target.begin.bind(target) as (...args: unknown[]) => Promise<unknown>
    target.begin = ((...args: unknown[]) => {
      const run = args.pop() as (tx: Sql) => unknown
      return begin(...args, (tx: Sql) => {
        observe(tx)
        return run(tx)
      })
    }) as Sql['begin']
  }
  observe(sql)
}

/** The indexer's progress as `/sync` says it: the block it has indexed and the chain's head it knows of. */
export type IndexerProgress = () => Promise<
  { chainId: number | null; indexedBlock: number | null; headBlock: number | null } | undefined
>

let progress: IndexerProgress | undefined

new Gauge({
  name: 'chainellation_indexer_lag_blocks',
  help: 'Blocks between the chain head and the last block the indexer has indexed, read from its /sync when scraped.',
  // Labelled, so that the series is absent (not 0) when the indexer is unknown or does not answer.
  labelNames: ['chain_id'],
  async collect() {
    const read = await progress?.().catch(() => undefined)
    this.reset()
    if (read?.headBlock != null && read.indexedBlock != null)
      this.set({ chain_id: String(read.chainId ?? '') }, Math.max(0, read.headBlock - read.indexedBlock))
  },
})

/** Reads the indexer lag from `read` when metrics are scraped; the last app built in a process wins. */
export function watchIndexer(read: IndexerProgress | undefined): void {
  progress = read
}

let ready: (() => Promise<boolean>) | undefined

new Gauge({
  name: 'chainellation_api_ready',
  help: '1 when this process would answer /api/ready with 200 (the database and the indexer answer, not draining), checked when scraped.',
  async collect() {
    this.set((await ready?.().catch(() => false)) ? 1 : 0)
  },
})

/**
 * Checks readiness with `check` when metrics are scraped: Prometheus reads the metrics port, which answers while
 * `/api/ready` on the public one refuses, and so learns what the load balancer is told. The last app built in a
 * process wins.
 */
export function watchReadiness(check: () => Promise<boolean>): void {
  ready = check
}
