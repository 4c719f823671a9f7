import type { Server } from 'node:http'
import type { Handler } from 'hono'
import type { Log } from './log'

/** How long readiness waits for each dependency before calling it failed. */
export const READY_CHECK_MS = 2000

export type ReadinessChecks = {
  /** Resolves once the database has answered a query. */
  database: () => Promise<unknown>
  /** Resolves to whether the indexer answered; absent when the API has none. */
  indexer?: () => Promise<boolean>
  /** Whether the process is shutting down. */
  draining: () => boolean
}

type Check = 'ok' | 'failed' | 'not configured'

const within = <T>(work: () => Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    work(),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ])

/** What readiness finds: the process draining, or each dependency's check and the names of those that failed. */
async function readinessOf({ database, indexer, draining }: ReadinessChecks) {
  if (draining()) return { draining: true as const }
  const [db, index] = await Promise.all([
    within(database, READY_CHECK_MS).then(
      (): Check => 'ok',
      (): Check => 'failed',
    ),
    indexer
      ? within(indexer, READY_CHECK_MS).then(
          (answered): Check => (answered ? 'ok' : 'failed'),
          (): Check => 'failed',
        )
      : ('not configured' as const),
  ])
  const failed = [db === 'failed' ? 'database' : undefined, index === 'failed' ? 'indexer' : undefined].filter(
    (name) => name !== undefined,
  )
  return { database: db, indexer: index, failed }
}

/** Whether `/api/ready` would answer 200 now: the same checks, for the readiness metric. */
export const isReady = async (checks: ReadinessChecks) => {
  const found = await readinessOf(checks)
  return !('draining' in found) && found.failed.length === 0
}

/**
 * `GET /api/ready`: whether a load balancer should send this process requests. 200 once the database answers and
 * the indexer (when there is one) does; 503 naming the ones that did not, or saying the process is draining before
 * it stops. Liveness is `/api/health`, which asks nothing of either: a database down is no reason to restart the API.
 */
export const readiness =
  (checks: ReadinessChecks): Handler =>
  async (c) => {
    c.header('Cache-Control', 'no-store')
    const found = await readinessOf(checks)
    if ('draining' in found) return c.json({ ready: false, draining: true, error: 'The server is shutting down.' }, 503)
    const { database, indexer, failed } = found
    if (failed.length === 0) return c.json({ ready: true, database, indexer }, 200)
    return c.json({ ready: false, database, indexer, error: `The ${failed.join(' and the ')} did not answer.` }, 503)
  }

export type DrainOptions = {
  /** The public server, and any other (metrics) to close with it. */
  servers: Server[]
  graceMs: number
  log: Log
  /** Called first: readiness turns 503 and answers close their connections. */
  startDraining: () => void
  /** Closes what the servers used (the database); its failure is logged, not thrown. */
  close: () => Promise<void>
  exit: (code: number) => void
}

/**
 * Stops the process as a load balancer expects on SIGTERM or SIGINT: no new connections, idle keep-alive connections
 * closed, the requests in flight answered (each closing its connection) for up to `graceMs`, then the database closed
 * and exit 0. Past the grace, the connections still open are cut and the process exits 1, saying so. A second signal
 * exits at once.
 */
export function drainOnSignals({ servers, graceMs, log, startDraining, close, exit }: DrainOptions) {
  let draining = false
  const stop = (signal: NodeJS.Signals) => {
    if (draining) {
      log.warn({ signal }, 'second signal while draining: exiting now')
      exit(1)
      return
    }
    draining = true
    startDraining()
    log.info({ signal, graceSeconds: graceMs / 1000 }, 'shutting down: finishing the requests in flight')
    let finishing = false
    const finish = async (code: number) => {
      // Cutting the connections past the grace also closes the servers: the first to finish decides the code.
      if (finishing) return
      finishing = true
      clearTimeout(grace)
      await close().catch((error: unknown) => log.error({ err: error }, 'could not close the database'))
      log.info({ code }, 'stopped')
      exit(code)
    }
    const grace = setTimeout(() => {
      const [main] = servers
      main?.getConnections((_, count) => {
        log.warn({ connections: count }, `grace of ${graceMs / 1000} s passed with requests unfinished: exiting anyway`)
        for (const server of servers) server.closeAllConnections()
        void finish(1)
      })
    }, graceMs)
    let open = servers.length
    for (const server of servers) {
      server.close(() => {
        open -= 1
        if (open === 0) void finish(0)
      })
      server.closeIdleConnections()
    }
  }
  process.on('SIGTERM', stop).on('SIGINT', stop)
}
