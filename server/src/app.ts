import { serveStatic } from '@hono/node-server/serve-static'
import { type Context, Hono } from 'hono'
import { compress } from 'hono/compress'
import { HTTPException } from 'hono/http-exception'
import { authRoutes } from './auth/routes'
import {
  type AppConfig,
  DEFAULT_DRAFT_WRITE_LIMITS,
  DEFAULT_SAFE_ORIGINS,
  DEFAULT_SKY_READ_LIMIT,
  SEPOLIA_WEB_RPC_ORIGINS,
} from './config'
import type { Database } from './db'
import { draftRoutes } from './drafts/routes'
import { manifestCors, sameOriginWrites, securityHeaders, sendsHsts } from './http'
import { clientAddress, rateLimit, rateLimitKey, rateLimitStore } from './rate-limit'
import { type ShareCards, shareCards } from './share/cards'
import { cardRoutes } from './share/routes'
import { composedSkyReader } from './skies/composition'
import { pictureOf } from './skies/picture'
import { skyReader } from './skies/reader'
import { skyRoutes } from './skies/routes'
import { pageHtml, type SkyPageData } from './web-pages'

/** How long a sky's page waits for the chain to read its sky before it is served to read it itself. */
const SKY_PAGE_READ_MS = 400

export type AppOptions = {
  config: AppConfig
  db: Database
  /** The clock every expiry is measured by; tests move it. */
  now?: () => Date
  /** Where share cards are drawn and kept (default: a store bounded by DEFAULT_CARD_CACHE); tests read its counts. */
  cards?: ShareCards
}

/** Builds the API; `config.webDist` adds the static web app and its SPA fallback. */
export function createApp({ config, db, now = () => new Date(), cards = shareCards() }: AppOptions) {
  const trustedProxies = config.trustedProxies ?? 0
  const clientKey = (c: Context) => rateLimitKey(clientAddress(c, trustedProxies))
  // Skies are read for the API's route and for a sky's page, counted together per client (see skies/).
  const readSky = skyReader(config.auth.chains)
  const skyReads = config.skyReads ?? DEFAULT_SKY_READ_LIMIT
  const skyReadCount = rateLimitStore()
  const skyReadLimit = rateLimit(skyReads, 'sky reads', clientKey, { store: skyReadCount })
  const readComposedSky = composedSkyReader(config.auth.chains)
  const app = new Hono()
    // Before every route, so that API answers, static files, the SPA fallback and errors all carry them.
    .use(
      securityHeaders({
        frameAncestors: config.safeOrigins ?? DEFAULT_SAFE_ORIGINS,
        rpcOrigins: config.rpcOrigins ?? SEPOLIA_WEB_RPC_ORIGINS,
        hsts: sendsHsts(config.auth.origins),
      }),
    )
    .use('/api/*', sameOriginWrites(config.auth.origins))
    .get('/api/health', (c) => c.json({ ok: true as const, chainId: config.chainId, contracts: config.contracts }))
    .route('/api/auth', authRoutes({ db, config: config.auth, now, clientKey }))
    // Before the draft and sky routes, whose Cache-Control would be set over the cards' own.
    .route('/api', cardRoutes({ readSky, readComposedSky, db, cards, readLimit: skyReadLimit }))
    .route(
      '/api/drafts',
      draftRoutes({ db, now, clientKey, writeLimits: config.draftWrites ?? DEFAULT_DRAFT_WRITE_LIMITS }),
    )
    .route('/api/skies', skyRoutes({ readSky, readLimit: skyReadLimit }))
    .all('/api/*', (c) => c.json({ error: 'Not found' }, 404))

  app.onError((error, c) => {
    if (error instanceof HTTPException) return c.json({ error: error.message }, error.status)
    console.error(error)
    return c.json({ error: 'Internal server error' }, 500)
  })
  app.notFound((c) => c.json({ error: 'Not found' }, 404))

  /**
   * A sky read for its page, so that the page paints with its picture: counted with the client's reads of the API's
   * route, and given up (the page then reads the sky itself) past the limit or when the node is slow to answer.
   */
  const skyForPage = async (c: Context, skyId: string): Promise<SkyPageData | undefined> => {
    if ((await skyReadCount.increment(clientKey(c))).totalHits > skyReads.limit) return undefined
    const read = await Promise.race([
      readSky(config.chainId, BigInt(skyId)),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), SKY_PAGE_READ_MS)),
    ])
    const picture = read?.kind === 'found' ? pictureOf(read.tokenUri) : undefined
    if (read?.kind !== 'found' || !picture) return undefined
    return { chainId: config.chainId, skyId, tokenUri: read.tokenUri, owner: read.owner, picture }
  }

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
      return c.html(await pageHtml(webDist, c.req.path, (skyId) => skyForPage(c, skyId)))
    })
  }
  return app
}

/** The API's type, for hono's typed client (`hc<AppType>`) in the web app. */
export type AppType = ReturnType<typeof createApp>
export type { SharedSkyJson } from './web-pages'
