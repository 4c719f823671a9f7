import { serveStatic } from '@hono/node-server/serve-static'
import { type Context, Hono } from 'hono'
import { compress } from 'hono/compress'
import { HTTPException } from 'hono/http-exception'
import { authRoutes } from './auth/routes'
import { type AppConfig, DEFAULT_SAFE_ORIGINS, SEPOLIA_WEB_RPC_ORIGINS } from './config'
import type { Database } from './db'
import { draftRoutes } from './drafts/routes'
import { manifestCors, sameOriginWrites, securityHeaders } from './http'
import { clientAddress, rateLimitKey } from './rate-limit'
import { skyRoutes } from './skies/routes'
import { pageHtml } from './web-pages'

export type AppOptions = {
  config: AppConfig
  db: Database
  /** The clock every expiry is measured by; tests move it. */
  now?: () => Date
}

/** Builds the API; `config.webDist` adds the static web app and its SPA fallback. */
export function createApp({ config, db, now = () => new Date() }: AppOptions) {
  const trustedProxies = config.trustedProxies ?? 0
  const clientKey = (c: Context) => rateLimitKey(clientAddress(c, trustedProxies))
  const app = new Hono()
    // Before every route, so that API answers, static files, the SPA fallback and errors all carry them.
    .use(
      securityHeaders({
        frameAncestors: config.safeOrigins ?? DEFAULT_SAFE_ORIGINS,
        rpcOrigins: config.rpcOrigins ?? SEPOLIA_WEB_RPC_ORIGINS,
      }),
    )
    .use('/api/*', sameOriginWrites(config.auth.origins))
    .get('/api/health', (c) => c.json({ ok: true as const, chainId: config.chainId, contracts: config.contracts }))
    .route('/api/auth', authRoutes({ db, config: config.auth, now, clientKey }))
    .route('/api/drafts', draftRoutes({ db, now }))
    .route('/api/skies', skyRoutes({ chains: config.auth.chains, skyReads: config.skyReads, clientKey }))
    .all('/api/*', (c) => c.json({ error: 'Not found' }, 404))

  app.onError((error, c) => {
    if (error instanceof HTTPException) return c.json({ error: error.message }, error.status)
    console.error(error)
    return c.json({ error: 'Internal server error' }, 500)
  })
  app.notFound((c) => c.json({ error: 'Not found' }, 404))

  const { webDist } = config
  if (webDist) {
    // The page and its scripts and styles travel gzip-compressed (about a quarter of their size) to browsers
    // that accept it; fonts and images are compressed already.
    app.use('*', compress({ encoding: 'gzip' }))
    // Vite content-hashes everything under assets/, so it can be cached for good; index.html must not be.
    app.use('/assets/*', async (c, next) => {
      await next()
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
    })
    app.use('/manifest.json', manifestCors)
    app.use('*', serveStatic({ root: webDist }))
    app.get('*', async (c, next) => {
      // Client-side routes have no file extension; a missing asset stays a 404.
      const lastSegment = c.req.path.split('/').pop() ?? ''
      if (lastSegment.includes('.')) return next()
      c.header('Cache-Control', 'no-cache')
      return c.html(await pageHtml(webDist, c.req.path))
    })
  }
  return app
}

/** The API's type, for hono's typed client (`hc<AppType>`) in the web app. */
export type AppType = ReturnType<typeof createApp>
