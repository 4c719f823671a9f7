import { serve } from '@hono/node-server'
import { app } from './app'
import { env } from './env'

const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, ({ address, port }) => {
  process.stdout.write(`API listening on http://${address}:${port}\n`)
})

const shutdown = () => {
  server.close(() => process.exit(0))
  // A client holding a connection open must not keep the process alive.
  setTimeout(() => process.exit(0), 2000).unref()
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
