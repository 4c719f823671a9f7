import { streakWords } from '@chainellation/contracts/streak-words'
import type { SkyJson, SyncJson } from '@chainellation/indexer/json'
import { sql } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { Logger } from 'pino'
import { formatEther } from 'viem'
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
import { findDraft } from './drafts/store'
import { manifestCors, sameOriginWrites, securityHeaders, sendsHsts } from './http'
import { closeWhenDraining, readiness } from './lifecycle'
import { consoleLogger, log, logOf, requestLogging } from './log'
import { httpMetrics, metricsHandler, watchIndexer } from './metrics'
import { ensNames } from './names/ens'
import { nameRoutes } from './names/routes'
import { clientAddress, memoryRateLimits, networkKey, type RateLimitStore, rateLimit, rateLimitKey } from './rate-limit'
import { watchRelayer } from './relay/metrics'
import type { Relayer } from './relay/relayer'
import { relayRoutes } from './relay/routes'
import { PUSH_SERVICE_HOSTS, pushServiceAllows, reminderRoutes } from './reminders/routes'
import { type ShareCards, shareCards } from './share/cards'
import type { ShareMeta } from './share/meta'
import { cardRoutes } from './share/routes'
import { draftWords, skyWords, unreadSkyWords } from './share/words'
import { chainClock } from './skies/chain-clock'
import { composedSkyReader } from './skies/composition'
import { metadataOf, type SkyMetadata, svgOf } from './skies/picture'
import { type SkyRead, skyReader, skyTimeZoneReader } from './skies/reader'
import { skyRoutes } from './skies/routes'
import { encodedPages, sendEncoded } from './static/encoded'
import { webFiles } from './static/files'
import { type DraftPageRead, pageHtml, type SkyPageRead, type WebPage } from './web-pages'

/** How long a sky's page waits for the chain to read its sky before it is served to read it itself. */
const SKY_PAGE_READ_MS = 400
/** How long a sky's card or page waits for its streak from the index before it goes without. */
const STREAK_READ_MS = 300

/** What `read` gives within `ms`, or nothing: a page or card goes without what is slow to come. */
function within<T>(ms: number, read: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms)
  })
  return Promise.race([read, late]).finally(() => clearTimeout(timer))
}

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
  const { balanceWei, ...figures } = relayer.figures()
  return { ...figures, ...(balanceWei !== undefined && { balanceEth: formatEther(balanceWei) }) }
}

/** The indexer's progress from its `/sync` answer, for the lag metric. */
const progressOf = ({ status, text }: { status: number; text: string }) =>
  status === 200 ? (JSON.parse(text) as SyncJson) : undefined

/** Builds the API; `config.webDist` adds the static web app and its SPA fallback. */
export function createApp({
  config,
  db,
  now = () => new Date(),
  cards = shareCards(),
  rateLimits = memoryRateLimits(),
  logger = consoleLogger(),
  draining = () => false,
  relayer,
}: AppOptions) {
  const trustedProxies = config.trustedProxies ?? 0
  const clientKey = (c: Context) => rateLimitKey(clientAddress(c, trustedProxies))
  // Skies are read for the API's route and for a sky's page, counted together per client (see skies/).
  const readSky = skyReader(config.auth.chains, config.skyCache)
  const skyReads = config.skyReads ?? DEFAULT_SKY_READ_LIMIT
  const skyReadCount = rateLimits('sky-reads', skyReads)
  const skyReadLimit = rateLimit(skyReadCount, 'sky reads', clientKey)
  const readComposedSky = composedSkyReader(config.auth.chains)
  // One cache of names for every player, aged by the app's clock.
  const names = ensNames({ config: config.names, now: () => now().getTime() })
  const nameReads = rateLimits('name-lookups', config.nameReads ?? DEFAULT_NAME_READ_LIMIT)
  const nameReadLimit = rateLimit(nameReads, 'name lookups', clientKey)
  // One reader of the indexer for its routes, readiness and the lag metric.
  const indexer = config.indexerUrl ? indexerReads(config.indexerUrl) : undefined
  watchIndexer(indexer && (() => indexer.sync().then(progressOf)))
  // The chain's clock, which counts the nights of the calendar feeds and the share cards' streaks.
  const chainTime = chainClock(config.auth.chains, config.chainId, now)
  /**
   * A sky's streak line for its share card, from the index and the chain's clock; none when the sky was never gazed,
   * or the index or the node is slow to answer or does not (the card is drawn without it).
   */
  const streakLineOf = async (chainId: number, skyId: string): Promise<string | undefined> => {
    if (!indexer || chainId !== config.chainId) return undefined
    const line = async () => {
      const answer = await indexer.get(`/skies/${skyId}`)
      if (answer.status !== 200) return undefined
      const sky = JSON.parse(answer.text) as SkyJson
      if (sky.streak.longest === 0) return undefined
      return streakWords(sky.streak, { now: await chainTime(), tzOffset: sky.tzOffset, completed: sky.completed }).line
    }
    return within(STREAK_READ_MS, line()).catch(() => undefined)
  }
  // A player's calendar link and reminders change at the pace drafts do.
  const draftWrites = config.draftWrites ?? DEFAULT_DRAFT_WRITE_LIMITS
  const calendarWrites = rateLimit(
    rateLimits('calendar-writes', draftWrites.client),
    'calendar link changes',
    clientKey,
  )
  watchRelayer(relayer && (() => relayer.figures()))
  const app = new Hono()
    // First, so that every answer is logged, timed and carries its request id.
    .use(...requestLogging(logger), httpMetrics, closeWhenDraining(draining))
    // Before every route, so that API answers, static files, the SPA fallback and errors all carry them.
    .use(
      securityHeaders({
        frameAncestors: config.safeOrigins ?? DEFAULT_SAFE_ORIGINS,
        rpcOrigins: config.rpcOrigins ?? SEPOLIA_WEB_RPC_ORIGINS,
        walletConnectRelay: config.walletConnectRelay,
        hsts: sendsHsts(config.auth.origins),
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
    .get(
      '/api/ready',
      readiness({
        database: () => db.execute(sql`select 1`),
        indexer: indexer && (() => indexer.sync().then((answer) => answer.status === 200)),
        draining,
      }),
    )
    .route('/api/auth', authRoutes({ db, config: config.auth, now, clientKey, rateLimits }))
    // Before the draft and sky routes, whose Cache-Control would be set over the cards' own.
    .route('/api', cardRoutes({ readSky, readComposedSky, db, cards, readLimit: skyReadLimit, streakOf: streakLineOf }))
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
        writeLimit: rateLimit(rateLimits('reminder-writes', draftWrites.client), 'reminder changes', clientKey),
        addLimit: rateLimit(
          rateLimits('reminder-adds', config.reminderAdds ?? DEFAULT_REMINDER_ADD_LIMIT),
          'reminders turned on',
          clientKey,
        ),
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
        writeLimit: calendarWrites,
      }),
    )
    .route('/api/names', nameRoutes({ names, readLimit: nameReadLimit }))
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

  app.onError((error, c) => {
    if (error instanceof HTTPException) return c.json({ error: error.message }, error.status)
    logOf(c).error({ err: error }, 'unhandled error')
    return c.json({ error: 'Internal server error' }, 500)
  })
  app.notFound((c) => c.json({ error: 'Not found' }, 404))
  // Only where the operator asked for it: metrics name routes and figures the public has no need of.
  app.get('/metrics', config.metricsPublic ? metricsHandler : (c) => c.json({ error: 'Not found' }, 404))

  /** The origin absolute URLs in link previews start with: the configured one, or the request's own. */
  const originOf = (c: Context) => config.publicOrigin ?? new URL(c.req.url).origin

  /**
   * A sky read for its page, so that the page paints with its picture and previews with its card: counted with the
   * client's reads of the API's route, and given up (the page then reads the sky itself, and previews with its
   * number alone) past the limit or when the node is slow to answer.
   */
  const skyForPage = async (c: Context, skyId: string): Promise<SkyPageRead> => {
    const origin = originOf(c)
    const card = `${origin}/api/skies/${config.chainId}/${skyId}/card.png`
    const preview = (words: ShareMeta['words'], image = card): ShareMeta => ({
      words,
      url: `${origin}/sky/${skyId}`,
      image,
    })
    const unread = { kind: 'unread', meta: preview(unreadSkyWords(skyId)) } as const
    if (!(await skyReadCount.count(clientKey(c))).allowed) return unread
    // Beside the chain's read: the streak on the card its preview names.
    const streakRead = streakLineOf(config.chainId, skyId)
    const read = await within(SKY_PAGE_READ_MS, readSky(config.chainId, BigInt(skyId)))
    if (read?.kind === 'no-sky') return { kind: 'missing' }
    // The app says the game is not deployed: there is no sky to preview.
    if (read?.kind === 'no-chain' || read?.kind === 'not-deployed') return { kind: 'unread' }
    const page = read?.kind === 'found' ? pageOf(read, skyId, await streakRead) : undefined
    if (read?.kind !== 'found' || !page) return unread
    // The same read at the same origin is the same page read, so that the page written from it is kept (pageHtml).
    if (page.found?.origin === origin) return page.found.read
    const { metadata, words, version } = page
    const found: SkyPageRead = {
      kind: 'found',
      sky: { chainId: config.chainId, skyId, tokenUri: read.tokenUri, owner: read.owner, picture: metadata.picture },
      meta: preview(words, `${card}?v=${version}`),
    }
    page.found = { origin, read: found }
    return found
  }

  /**
   * What a sky's page shows of a read: its metadata, its preview's words, and its card's version (the card's URL names
   * the card it is, its entity tag, so that it may be kept for good, and a preview made after a gaze or new
   * decorations asks for the new one instead of finding the old one in a cache). Worked out once for each read, which
   * the sky reader shares among every request for the same sky at the same block.
   */
  type ReadPage = {
    metadata: SkyMetadata
    words: ShareMeta['words']
    version: string
    found?: { origin: string; read: SkyPageRead }
  }
  // Per read, and per streak line: the line can change with the night while the block stays.
  const readPages = new WeakMap<SkyRead, Map<string, ReadPage | null>>()
  const pageOf = (read: Extract<SkyRead, { kind: 'found' }>, skyId: string, streak: string | undefined) => {
    const pages = readPages.get(read) ?? new Map<string, ReadPage | null>()
    readPages.set(read, pages)
    let page = pages.get(streak ?? '')
    if (page === undefined) {
      const metadata = metadataOf(read.tokenUri)
      const words = metadata && skyWords(skyId, metadata.traits, streak)
      page =
        metadata && words
          ? {
              metadata,
              words,
              version: cards.etagOf({ skySvg: svgOf(metadata.picture), text: words.card }).slice(1, -1),
            }
          : null
      pages.set(streak ?? '', page)
    }
    return page ?? undefined
  }

  /** A draft read for its page's preview; a database that fails leaves the page to read the draft itself. */
  const draftForPage = async (c: Context, draftId: string): Promise<DraftPageRead> => {
    const draft = await findDraft(db, draftId).catch((error: unknown) => {
      log().error({ err: error }, `draft page: could not read draft ${draftId}`)
      return undefined
    })
    if (draft === undefined) return { kind: 'unread' }
    if (draft === null) return { kind: 'missing' }
    const origin = originOf(c)
    // The card changes with the sky and the hour as well, so it is not kept for good; its version changes with
    // the draft, so that a preview made after a change asks for the new card.
    const card = `${origin}/api/drafts/${draftId}/card.png?v=${draft.updatedAt.getTime()}`
    return {
      kind: 'found',
      meta: { words: draftWords(draft), url: `${origin}/draft/${draftId}`, image: draft.skyId ? card : undefined },
    }
  }

  const { webDist } = config
  if (webDist) {
    // The pages, scripts and styles travel compressed (brotli or gzip, about a fifth of their size), each compressed
    // once and kept (static/); fonts and images are compressed already. Vite names everything under assets/ by its
    // content's hash, so those are kept by browsers for good; pages are checked again each time.
    const files = webFiles(webDist)
    const pages = encodedPages()
    // The tag of each page pageHtml hands out again (a sky's, kept for its read): it is not hashed per answer.
    const pageTags = new WeakMap<WebPage, string>()
    app.use('/manifest.json', manifestCors)
    app.use('*', files.serve)
    app.get('*', async (c, next) => {
      // Client-side routes have no file extension; a missing asset stays a 404.
      const lastSegment = c.req.path.split('/').pop() ?? ''
      if (lastSegment.includes('.')) return next()
      const page = await pageHtml(files.text, c.req.path, {
        sky: (skyId) => skyForPage(c, skyId),
        draft: (draftId) => draftForPage(c, draftId),
      })
      const built = page.file === undefined ? undefined : await files.file(page.file)
      const encoded = built ?? (await pages.encode(page.html, pageTags.get(page)))
      if (!built) pageTags.set(page, encoded.etag)
      return sendEncoded(c, encoded, { status: page.status, cacheControl: 'no-cache' })
    })
  }
  return app
}

/** The API's type, for hono's typed client (`hc<AppType>`) in the web app. */
export type AppType = ReturnType<typeof createApp>
export type { ReminderPayload } from './reminders/send'
export type { SharedSkyJson } from './web-pages'
