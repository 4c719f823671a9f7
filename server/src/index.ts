import { serve } from '@hono/node-server'
import { createApp } from './app'
import { type DatabaseHandle, openDatabase } from './db'
import { configFromEnv, env } from './env'

/** An error's message followed by its causes' ("Failed query: …: connect ECONNREFUSED 127.0.0.1:5432"). */
function reasons(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const message = error.message.split('\n')[0] ?? ''
  return error.cause === undefined ? message : `${message}: ${reasons(error.cause)}`
}

let database: DatabaseHandle
try {
  database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR })
} catch (error) {
  const where = env.DATABASE_URL ? 'the Postgres server in DATABASE_URL' : `the embedded database in ${env.DATA_DIR}`
  process.stderr.write(`server: could not open ${where}: ${reasons(error)}\n`)
  process.exit(1)
}

const app = createApp({ config: configFromEnv(env), db: database.db })

const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, ({ address, port }) => {
  process.stdout.write(`API listening on http://${address}:${port} (database: ${database.driver})\n`)
})

const shutdown = () => {
  server.close(() => {
    database.close().finally(() => process.exit(0))
  })
  // A client holding a connection open must not keep the process alive.
  setTimeout(() => process.exit(0), 2000).unref()
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
