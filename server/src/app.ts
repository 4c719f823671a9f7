import type { SyncJson } from '@chainellation/indexer/json'
import { sql } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { Logger } from 'pino'
import { formatEther } from 'viem'
import { answers } from './answers'
import { authRoutes } from './auth/routes'
import { calendarRoutes } from './calendar/routes'
import {
  type AppConfig,
  DEFAULT_DRAFT_WRITE_LIMITS,
  DEFAULT_NAME_READ_LIMIT,
  DEFAULT_REMINDER_ADD_LIMIT,
  DEFAULT_SAFE_ORIGINS,
  DEFAULT_SKY_READ_LIMIT,
  SEPOLIA_WEB_RPC_ORIGINS,
} from './config'
import type { Database } from './db'
import { discoveryRoutes, indexerReads } from './discovery/routes'
import { draftRoutes } from './drafts/routes'
import { manifestCors, sameOriginWrites, securityHeaders, sendsHsts } from './http'
import { isReady, type ReadinessChecks, readiness } from './lifecycle'
import { consoleLogger, logOf } from './log'
import { metricsHandler, watchIndexer, watchReadiness } from './metrics'
import { ensNames } from './names/ens'
import { nameRoutes } from './names/routes'
import { pageReads, streakLines } from './page-reads'
import { clientAddress, memoryRateLimits, networkKey, type RateLimitStore, rateLimit, rateLimitKey } from './rate-limit'
import { watchRelayer } from './relay/metrics'
import type { Relayer } from './relay/relayer'
import { relayRoutes } from './relay/routes'
import { PUSH_SERVICE_HOSTS, pushServiceAllows, reminderRoutes } from './reminders/routes'
import { type ShareCards, shareCards } from './share/cards'
import { cardRoutes } from './share/routes'
import { chainClock } from './skies/chain-clock'
import { composedSkyReader } from './skies/composition'
import { skyReader, skyTimeZoneReader } from './skies/reader'
import { skyRoutes } from './skies/routes'
import { type Encoded, encodedPages, sendEncoded } from './static/encoded'
import { webFiles } from './static/files'
import { builtScriptSources } from './static/page-scripts'
import { pageHtml, type WebPage } from './web-pages'

export type AppOptions = {
  config: AppConfig
  db: Database
  /** The clock every expiry is measured by; tests move it. */
  now?: () => Date
  /** Where share cards are drawn and kept (default: a store bounded by DEFAULT_CARD_CACHE); tests read its counts. */
  cards?: ShareCards
  /** Where the rate limits are counted (default: this process's memory; Postgres when several processes share it). */
  rateLimits?: RateLimitStore
  /** Where each request's line and every error go (default: warnings and errors on the console). */
  logger?: Logger
  /** Whether the process is shutting down: readiness answers 503 and every answer closes its connection. */
  draining?: () => boolean
  /** The relayer of sponsored writes, built from `config.relay` by whoever keeps it running (src/index.ts). */
  relayer?: Relayer
}

/** The relayer's figures for `/api/health`: its balance in ether (wei do not fit a JSON number). */
function relayerHealth(relayer: Relayer | undefined) {
  if (!relayer) return { on: false as const }
  // The floor is the operator's own setting, for the metrics' alert; the health answer shows the relayer's state.
  const { balanceWei, floorWei: _, ...figures } = relayer.figures()
  return { ...figures, ...(balanceWei !== undefined && { balanceEth: formatEther(balanceWei) }) }
}

/** The indexer's progress from its `/sync` answer, for the lag metric. */
const progressOf = ({ status, text }: { status: number; text: string }) =>
  status === 200 ? (JSON.parse(text) as SyncJson) : undefined

/** AppOptions with their defaults. */
type AppDeps = Required<Omit<AppOptions, 'relayer'>> & Pick<AppOptions, 'relayer'>

/**
 * What the routes and pages share: who a request comes from, the readers of skies, names, the index and the chain's
 * clock, and the rate limits counted across routes.
 */
function sharedParts({ config, now, rateLimits, relayer }: AppDeps) {
  const trustedProxies = config.trustedProxies ?? 0
  const clientKey = (c: Context) => rateLimitKey(clientAddress(c, trustedProxies))
  // Skies are read for the API's route and for a sky's page, counted together per client (see skies/).
  const skyReads = rateLimits('sky-reads', config.skyReads ?? DEFAULT_SKY_READ_LIMIT)
  // One reader of the indexer for its routes, readiness and the lag metric.
  const indexer = config.indexerUrl ? indexerReads(config.indexerUrl) : undefined
  watchIndexer(indexer && (() => indexer.sync().then(progressOf)))
  watchRelayer(relayer && (() => relayer.figures()))
  // The chain's clock, which counts the nights of the calendar feeds and the share cards' streaks.
  const chainTime = chainClock(config.auth.chains, config.chainId, now)
  const readSky = skyReader(config.auth.chains, config.skyCache)
  return {
    trustedProxies,
    clientKey,
    readSky,
    // What a sky's page read is made from (page-reads.ts): the sky read at the chain's head, its streak from the
    // index at its progress and by the chain's clock (which a sky never gazed does not read: null until read).
    standing: () => {
      const head = readSky.standingHead(config.chainId)
      const sync = indexer?.syncStanding()
      if (head === undefined || (indexer && sync === undefined)) return undefined
      return [head, sync, chainTime.standing() ?? null]
    },
    skyReads,
    skyReadLimit: rateLimit(skyReads, 'sky reads', clientKey),
    // One cache of names for every player, aged by the app's clock.
    names: ensNames({ config: config.names, now: () => now().getTime() }),
    indexer,
    chainTime,
    streakLineOf: streakLines(indexer, config.chainId, chainTime),
    // A player's calendar link and reminders change at the pace drafts do.
    draftWrites: config.draftWrites ?? DEFAULT_DRAFT_WRITE_LIMITS,
  }
}

type SharedParts = ReturnType<typeof sharedParts>

/** Every answer's logging, metrics and headers, and the API's health and readiness. */
function baseApp({ config, db, logger, draining, relayer }: AppDeps, { indexer }: SharedParts) {
  const checks: ReadinessChecks = {
    database: () => db.execute(sql`select 1`),
    indexer: indexer && (() => indexer.sync().then((answer) => answer.status === 200)),
    draining,
  }
  watchReadiness(() => isReady(checks))
  return new Hono()
    .use(
      answers({
        logger,
        lines: config.requestLines ?? 'all',
        draining,
        headers: securityHeaders({
          frameAncestors: config.safeOrigins ?? DEFAULT_SAFE_ORIGINS,
          rpcOrigins: config.rpcOrigins ?? SEPOLIA_WEB_RPC_ORIGINS,
          walletConnectRelay: config.walletConnectRelay,
          pageScripts: config.webDist ? builtScriptSources(config.webDist) : [],
          hsts: sendsHsts(config.auth.origins),
        }),
      }),
    )
    .use('/api/*', sameOriginWrites(config.auth.origins))
    .get('/api/health', (c) =>
      c.json({
        ok: true as const,
        chainId: config.chainId,
        contracts: config.contracts,
        // As the relayer's keeper last read them: the health answer asks the node nothing.
        relay: relayerHealth(relayer),
      }),
    )
    .get('/api/ready', readiness(checks))
}

/** The API's routes on `app`, and its answer to any other `/api/` path. */
function apiRoutes(app: ReturnType<typeof baseApp>, deps: AppDeps, parts: SharedParts) {
  const { config, db, now, cards, rateLimits, relayer } = deps
  const { trustedProxies, clientKey, readSky, skyReadLimit, names, indexer, chainTime, draftWrites } = parts
  /** A limit per client, named `name` in the store and `what` in its refusal, at drafts' pace unless given. */
  const limitOf = (name: string, what: string, limit = draftWrites.client) =>
    rateLimit(rateLimits(name, limit), what, clientKey)
  return (
    app
      .route('/api/auth', authRoutes({ db, config: config.auth, now, clientKey, rateLimits }))
      // Before the draft and sky routes, whose Cache-Control would be set over the cards' own.
      .route(
        '/api',
        cardRoutes({
          readSky,
          readComposedSky: composedSkyReader(config.auth.chains),
          db,
          cards,
          readLimit: skyReadLimit,
          streakOf: parts.streakLineOf,
        }),
      )
      .route('/api/drafts', draftRoutes({ db, now, clientKey, rateLimits, writeLimits: draftWrites }))
      .route('/api/skies', skyRoutes({ readSky, readLimit: skyReadLimit }))
      .route(
        '/api/reminders',
        reminderRoutes({
          db,
          now,
          chainId: config.chainId,
          readSky,
          timeZoneOf: skyTimeZoneReader(config.auth.chains, config.chainId),
          vapid: config.vapid,
          allowsEndpoint: pushServiceAllows(PUSH_SERVICE_HOSTS, config.reminders?.pushOrigins),
          writeLimit: limitOf('reminder-writes', 'reminder changes'),
          addLimit: limitOf('reminder-adds', 'reminders turned on', config.reminderAdds ?? DEFAULT_REMINDER_ADD_LIMIT),
        }),
      )
      .route(
        '/api/calendar',
        calendarRoutes({
          db,
          now,
          chainTime,
          chainId: config.chainId,
          origin: config.auth.origins[0] ?? '',
          indexer,
          readLimit: skyReadLimit,
          writeLimit: limitOf('calendar-writes', 'calendar link changes'),
        }),
      )
      .route(
        '/api/names',
        nameRoutes({
          names,
          readLimit: limitOf('name-lookups', 'name lookups', config.nameReads ?? DEFAULT_NAME_READ_LIMIT),
        }),
      )
      .route(
        '/api/relay',
        relayRoutes({
          relayer,
          clientKey,
          networkKey: (c) => networkKey(clientAddress(c, trustedProxies)),
          rateLimits,
          limit: config.relayRequests,
        }),
      )
      .route(
        '/api/discovery',
        discoveryRoutes({ indexerUrl: config.indexerUrl, indexer, names, readLimit: skyReadLimit }),
      )
      .all('/api/*', (c) => c.json({ error: 'Not found' }, 404))
  )
}

/**
 * The web app from `webDist`, with its SPA fallback: the pages of a sky and of a draft are written with what they
 * show. The pages, scripts and styles travel compressed (brotli or gzip, about a fifth of their size), each compressed
 * once and kept (static/); fonts and images are compressed already. Vite names everything under assets/ by its
 * content's hash, so those are kept by browsers for good; pages are checked again each time.
 */
function serveWeb(app: Hono, webDist: string, deps: AppDeps, parts: SharedParts) {
  const files = webFiles(webDist)
  const pages = encodedPages()
  const readsFor = pageReads({ ...deps, ...parts })
  // Each page pageHtml hands out again (a sky's, kept for its read) in its codings: neither hashed nor looked up again
  // while it is the same page.
  const encodedOf = new WeakMap<WebPage, Encoded>()
  app.use('/manifest.json', manifestCors)
  app.use('*', files.serve)
  app.get('*', async (c, next) => {
    // Client-side routes have no file extension; a missing asset stays a 404.
    const lastSegment = c.req.path.split('/').pop() ?? ''
    if (lastSegment.includes('.')) return next()
    const page = await pageHtml(files.text, c.req.path, readsFor(c))
    const built = page.file === undefined ? undefined : await files.file(page.file)
    const encoded = built ?? encodedOf.get(page) ?? (await pages.encode(page.html))
    if (!built) encodedOf.set(page, encoded)
    return sendEncoded(c, encoded, { status: page.status, cacheControl: 'no-cache' })
  })
}

/** Builds the API; `config.webDist` adds the static web app and its SPA fallback. */
export function createApp(options: AppOptions) {
  const deps: AppDeps = {
    ...options,
    now: options.now ?? (() => new Date()),
    cards: options.cards ?? shareCards(),
    rateLimits: options.rateLimits ?? memoryRateLimits(),
    logger: options.logger ?? consoleLogger(),
    draining: options.draining ?? (() => false),
  }
  const parts = sharedParts(deps)
  const app = apiRoutes(baseApp(deps, parts), deps, parts)
  app.onError((error, c) => {
    if (error instanceof HTTPException) return c.json({ error: error.message }, error.status)
    logOf(c).error({ err: error }, 'unhandled error')
    return c.json({ error: 'Internal server error' }, 500)
  })
  app.notFound((c) => c.json({ error: 'Not found' }, 404))
  // Only where the operator asked for it: metrics name routes and figures the public has no need of.
  app.get('/metrics', deps.config.metricsPublic ? metricsHandler : (c) => c.json({ error: 'Not found' }, 404))
  if (deps.config.webDist) serveWeb(app, deps.config.webDist, deps, parts)
  return app
}

/** The API's type, for hono's typed client (`hc<AppType>`) in the web app. */
export type AppType = ReturnType<typeof createApp>
export type { ReminderPayload } from './reminders/send'
export type { SharedSkyJson } from './web-pages'
