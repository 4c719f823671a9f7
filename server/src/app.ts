import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { type ContractAddresses, contractsFor } from './contracts'
import { env } from './env'

export type AppOptions = {
  chainId: number
  contracts: ContractAddresses
  /** Built web app to serve with SPA fallback (production); omit to serve the API only. */
  webDist?: string
}

/** Builds the API; `webDist` adds the static web app and its SPA fallback. */
export function createApp(options: AppOptions) {
  const app = new Hono()
    .get('/api/health', (c) => c.json({ ok: true as const, chainId: options.chainId, contracts: options.contracts }))
    .all('/api/*', (c) => c.json({ error: 'Not found' }, 404))

  app.onError((error, c) => {
    if (error instanceof HTTPException) return c.json({ error: error.message }, error.status)
    console.error(error)
    return c.json({ error: 'Internal server error' }, 500)
  })
  app.notFound((c) => c.json({ error: 'Not found' }, 404))

  const { webDist } = options
  if (webDist) {
    // Vite content-hashes everything under assets/, so it can be cached for good; index.html must not be.
    app.use('/assets/*', async (c, next) => {
      await next()
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
    })
    app.use('*', serveStatic({ root: webDist }))
    app.get('*', async (c, next) => {
      // Client-side routes have no file extension; a missing asset stays a 404.
      const lastSegment = c.req.path.split('/').pop() ?? ''
      if (lastSegment.includes('.')) return next()
      const html = await readFile(join(webDist, 'index.html'), 'utf8')
      c.header('Cache-Control', 'no-cache')
      return c.html(html)
    })
  }
  return app
}

/** The app as configured by the environment. */
export const app = createApp({
  chainId: env.CHAIN_ID,
  contracts: contractsFor(env.CHAIN_ID),
  webDist: env.NODE_ENV === 'production' ? env.WEB_DIST : undefined,
})

export type AppType = typeof app
