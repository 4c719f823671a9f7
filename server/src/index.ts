import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { pino } from 'pino'
import { createApp } from './app'
import { type DatabaseHandle, openDatabase } from './db'
import { indexerReads } from './discovery/routes'
import { configFromEnv, env, secretsOfEnv } from './env'
import { drainOnSignals } from './lifecycle'
import { createLogger, setProcessLogger } from './log'
import { instrumentPostgres, metricsHandler } from './metrics'
import { memoryRateLimits, postgresRateLimits } from './rate-limit'
import { createRelayer } from './relay/relayer'
import { indexedSkyStates, startJobQueue } from './reminders/jobs'
import { startSchedule } from './reminders/schedule'
import { chainClock } from './skies/chain-clock'

/** How long a log line may wait in the buffer before it is written. */
const LOG_FLUSH_MS = 100

/** An error's message followed by its causes' ("Failed query: …: connect ECONNREFUSED 127.0.0.1:5432"). */
function reasons(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const message = error.message.split('\n')[0] ?? ''
  return error.cause === undefined ? message : `${message}: ${reasons(error.cause)}`
}

// Lines are gathered into writes of 4 KiB or more, or every 100 ms, and written asynchronously: one write per line
// cost the API more CPU than anything else a request adds. Flushed before the process exits.
const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 })
setInterval(() => destination.flush(), LOG_FLUSH_MS).unref()
const logger = createLogger({
  format: env.LOG_FORMAT,
  level: env.LOG_LEVEL,
  secrets: secretsOfEnv(env),
  destination,
})
setProcessLogger(logger)
const exit = (code: number) => {
  destination.flushSync()
  process.exit(code)
}

let database: DatabaseHandle
try {
  database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR })
} catch (error) {
  const where = env.DATABASE_URL ? 'the Postgres server in DATABASE_URL' : `the embedded database in ${env.DATA_DIR}`
  logger.fatal(`could not open ${where}: ${reasons(error)}`)
  exit(1)
  throw error
}
if (database.postgres) instrumentPostgres(database.postgres)

const config = configFromEnv(env)
const relayChain = config.auth.chains.find(({ chain }) => chain.id === config.chainId)
const relayer =
  config.relay && relayChain
    ? createRelayer({
        config: config.relay,
        chain: relayChain,
        contracts: config.contracts,
        db: database.db,
        onError: (error, what) => logger.warn({ err: error }, what),
      })
    : undefined
if (config.relay && !relayer) logger.warn('RELAYER_PRIVATE_KEY is set, but the game has no forwarder on this chain')
if (relayer) {
  logger.info(`relaying sponsored writes from ${relayer.figures().address}`)
  relayer.start()
}

// The reminders' schedule, worked by every API process on the database (docs/decisions/reminders.md).
const reminders = config.vapid
  ? await (async () => {
      if (!config.indexerUrl) {
        logger.warn('VAPID keys are set, but no INDEXER_URL: reminders are taken but not sent')
        return undefined
      }
      const boss = await startJobQueue(database, (error) => logger.warn({ err: error }, 'job queue'))
      const schedule = await startSchedule({
        boss,
        db: database.db,
        chainId: config.chainId,
        vapid: config.vapid as NonNullable<typeof config.vapid>,
        chainTime: chainClock(config.auth.chains, config.chainId, () => new Date()),
        skyStates: indexedSkyStates(indexerReads(config.indexerUrl)),
        planSeconds: env.REMINDER_PLAN_SECONDS,
        sendsAtOnce: env.REMINDER_SENDS_AT_ONCE,
        onError: (error, what) => logger.warn({ err: error }, what),
      })
      logger.info(`sending reminders, planned every ${env.REMINDER_PLAN_SECONDS} s`)
      return { boss, schedule }
    })()
  : undefined

let draining = false
const app = createApp({
  config,
  relayer,
  db: database.db,
  // Behind a load balancer a client's requests reach every process: on Postgres they count together.
  rateLimits: database.postgres ? postgresRateLimits(database.postgres) : memoryRateLimits(),
  logger,
  draining: () => draining,
})

/** Resolves with the address `server` listens on; rejects when it cannot (a port taken). */
const listening = (server: Server) =>
  new Promise<AddressInfo>((resolve, reject) => {
    server.once('listening', () => resolve(server.address() as AddressInfo)).once('error', reject)
  })
const servers: Server[] = []
const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }) as Server
servers.push(server)
const { address, port } = await listening(server)
logger.info(`API listening on http://${address}:${port} (database: ${database.driver})`)

if (env.METRICS_PORT !== undefined) {
  const metrics = new Hono().get('/metrics', metricsHandler)
  const host = env.METRICS_HOST ?? env.HOST
  const metricsServer = serve({ fetch: metrics.fetch, hostname: host, port: env.METRICS_PORT }) as Server
  servers.push(metricsServer)
  await listening(metricsServer)
  logger.info(`metrics on http://${host}:${env.METRICS_PORT}/metrics`)
}

drainOnSignals({
  servers,
  graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
  log: logger,
  startDraining: () => {
    draining = true
  },
  close: async () => {
    await relayer?.stop()
    reminders?.schedule.stop()
    // Sends under way finish; jobs not yet begun stay queued for the other processes, or the next start.
    await reminders?.boss.stop({ graceful: true, timeout: 10_000 })
    await database.close()
  },
  exit,
})
