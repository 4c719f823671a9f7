import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { FRONTEND_REPORT, type FrontendReport, KEY_ROUTES, OUR_ROUTES } from './frontend-report'
import { writeJson } from './json'

/** Where the side-by-side figures of one `npm run bench` go, from the repository root. */
export const RESULTS_FILE = 'bench/results.json'

/** What the prod measurement (prod-load.ts) writes, from the repository root. */
export const PROD_REPORT = 'bench/reports/prod.json'
/** Written by server/src/discovery/scale.ts. */
export const SCALE_REPORT = 'bench/reports/scale.json'

/** The median (mean of the middle two for an even count); null for no values. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** Each field's own median over the runs that succeeded (a field that is null in a run is left out of it). */
export function medianOf<T extends Record<string, number | null>>(runs: readonly (T | { error: string })[]): T | null {
  const ok = runs.filter((r): r is T => !('error' in r))
  const first = ok[0]
  if (!first) return null
  const out: Record<string, number | null> = {}
  for (const key of Object.keys(first)) {
    out[key] = median(ok.map((r) => r[key]).filter((v): v is number => typeof v === 'number'))
  }
  return out as T
}

export type Unit = 'bytes' | 'ms' | 's' | 'MB' | 'score' | 'count' | 'gas' | 'req/s' | 'ETH'
export type Target = { op: '<=' | '>=' | '='; value: number }
export type Section = 'front end' | 'RPC' | 'discovery' | 'production' | 'reminders' | 'gas'

/** One line of the table: our figure, the starter's where it has one, their ratio, the target and whether it is met. */
export type Figure = {
  id: string
  section: Section
  label: string
  unit: Unit
  ours: number | null
  baseline: number | null
  /** ours / baseline; none for counts. */
  ratio: number | null
  target: Target | null
  /** null when there is no target or no figure of ours. */
  met: boolean | null
}

/** The targets the front end is held to (bytes are gzip -9; 1 kB = 1000 bytes). */
export const TARGETS = {
  jsBeforePaintHome: { op: '<=', value: 120_000 },
  /** With the wallet stack and kit warmed up once the page is quiet (docs/decisions/first-use.md); 250 kB before. */
  jsAfterLoadMint: { op: '<=', value: 300_000 },
  lighthouseHome: { op: '>=', value: 95 },
  lcpHome: { op: '<=', value: 1500 },
  tbtHome: { op: '<=', value: 150 },
  /** Every game page: /mint, /stargaze, /compose, /sky/1. */
  lighthouseGame: { op: '>=', value: 90 },
  lcpGame: { op: '<=', value: 2500 },
  tbtGame: { op: '<=', value: 300 },
  /** Every route Lighthouse looks at, the home page included. */
  lighthouseAccessibility: { op: '>=', value: 95 },
  lighthouseBestPractices: { op: '>=', value: 95 },
  lighthouseSeo: { op: '>=', value: 95 },
  thirdPartyHosts: { op: '=', value: 0 },
  connectVisible: { op: '<=', value: 800 },
  /** A press at the first moment: no ratio to the starter, but no slower than before the warm-up (2,427 ms). */
  connectModalAtOnce: { op: '<=', value: 2427 },
  /** Any press shows an answer within this, at 4× CPU (docs/decisions/first-use.md). */
  pressFeedback: { op: '<=', value: 100 },
  /** Connect and the mint's transaction: no sign-in on the way to a first sky. */
  firstSkyPrompts: { op: '<=', value: 2 },
  /** A wallet with no ether mints its first sky, the game's relayer paying the gas (docs/decisions/sponsored-writes.md). */
  firstSkyEther: { op: '=', value: 0 },
  stargazeFirstCards: { op: '<=', value: 1500 },
  /** The gallery's index at 15,000 skies (docs/decisions/indexer.md): fresh start to ready on PGlite. */
  indexSeconds: { op: '<=', value: 60 },
  /** Gallery, filtered and activity reads through the app's API, 20 concurrent clients. */
  discoveryP95: { op: '<=', value: 50 },
  indexerRss: { op: '<=', value: 1024 },
  /** Ten times the community, 150,000 skies on Postgres (docs/decisions/indexer.md, "Ten times the community"). */
  scaleIndexSeconds: { op: '<=', value: 600 },
  scaleP95: { op: '<=', value: 50 },
  scaleIndexerRss: { op: '<=', value: 1024 },
  /** PGlite at 15,000 skies, held from its database open on. */
  scalePgliteRss: { op: '<=', value: 768 },
  /** The production shape: two API processes on Postgres behind the load balancer, 50 connections. */
  prodApiReadRps: { op: '>=', value: 3000 },
  prodDraftWriteRps: { op: '>=', value: 1000 },
  prodP99: { op: '<=', value: 50 },
  prodHomeRps: { op: '>=', value: 5000 },
  prodSkyPageRps: { op: '>=', value: 3000 },
  prodApiRssIdle: { op: '<=', value: 150 },
  prodApiRssPeak: { op: '<=', value: 256 },
  prodStart: { op: '<=', value: 1000 },
  /** From a night's start to its reminder reaching the push service, 10,000 skies at once. */
  remindersP95: { op: '<=', value: 60_000 },
  none: { op: '=', value: 0 },
} as const satisfies Record<string, Target>

export function meets(value: number, target: Target): boolean {
  if (target.op === '<=') return value <= target.value
  if (target.op === '>=') return value >= target.value
  return value === target.value
}

export function figure(
  id: string,
  section: Section,
  label: string,
  unit: Unit,
  ours: number | null | undefined,
  baseline: number | null | undefined = null,
  target: Target | null = null,
): Figure {
  const o = ours ?? null
  const b = baseline ?? null
  return {
    id,
    section,
    label,
    unit,
    ours: o,
    baseline: b,
    // A ratio of counts (0 hosts against 2) says nothing the two figures do not.
    ratio: unit !== 'count' && o !== null && b !== null && b !== 0 ? Math.round((o / b) * 100) / 100 : null,
    target,
    met: target && o !== null ? meets(o, target) : null,
  }
}

/** The part of e2e/bench-reports/mint.json read here. */
export type MintReport = {
  preview: { samples: number; medianMs: number; targetMedianMs: number }
  /** A new wallet from landing on /mint to its minted sky: what the wallet asked the person (absent in older reports). */
  firstSky?: {
    prompts: number
    methods: string[]
    /** Absent in reports from before the game paid players' gas. */
    etherNeeded?: number
    pressToSkyMs?: { sponsored: { medianMs: number }; unsponsored: { medianMs: number } }
  }
  rpc: { actions: number; requests: number; target: number; initialRequests?: number }
}
type StargazeFigures = { cards: number; medianMs: number; maxRequests: number }
/** The part of e2e/bench-reports/stargaze.json read here. */
export type StargazeReport = {
  runs: number
  yourSkies: { first: StargazeFigures & { targetRequests: number }; all: StargazeFigures }
  gallery: { first: StargazeFigures }
}
export type GasReport = Record<string, number>
type QueryFigures = { galleryP95Ms: number; filterP95Ms: number; activityP95Ms: number }
/** The part of server/discovery-report.json read here. */
export type DiscoveryReport = {
  skies: number
  indexSeconds: number
  indexerRssMb: number
  chainScanMs: number
  pglite: QueryFigures
  postgres: QueryFigures & { indexSeconds: number }
}

/** One size on one database in bench/reports/scale.json (server/src/discovery/scale.ts). */
export type ScaleFigures = {
  indexSeconds: number
  indexerRssMb: number
  indexerPeakRssMb: number
  galleryP95Ms20: number
  galleryP95Ms100: number
  filterP95Ms100: number
  activityP95Ms100: number
  diskMb: number
  /** Absent from a report written before the browser's figure was measured. */
  galleryFirst24Ms?: number
}
/** The part of bench/reports/scale.json read here. */
export type ScaleReport = {
  sizes: { skies: number; databases: Partial<Record<'pglite' | 'postgres', ScaleFigures | { error: string }>> }[]
}

type ApiFigures = {
  sessionReadRps: number
  sessionReadP99Ms: number
  draftReadRps: number
  draftReadP99Ms: number
  draftWriteRps: number
  draftWriteP99Ms: number
}
/** The part of bench/reports/prod.json (scripts/src/bench/prod-load.ts) read here. */
export type ProdReport = ApiFigures & {
  homeRps: number
  homeP99Ms: number
  skyPageRps: number
  skyPageP99Ms: number
  skyPageChainReads: number
  skyPageBlocks: number
  apiProcesses: number
  non2xx: number
  errors: number
  apiRssIdleMb: number
  apiRssPeakMb: number
  startMs: number
  pglite: ApiFigures & { rssMb: number }
}

/** server/reminders-report.json (server/src/reminders/bench.ts). */
export type RemindersReport = {
  skies: number
  processes: number
  received: number
  duplicates: number
  missed: number
  p50Ms: number
  p95Ms: number
  maxMs: number
  sendsPerSecond: number | null
  apiRssPeakMb: number
}

/** The reminders' figures: a night's 10,000 reminders from two API processes on Postgres. */
export function remindersFigures(r: RemindersReport): Figure[] {
  const skies = r.skies.toLocaleString('en-US')
  return [
    figure('reminders.p50Ms', 'reminders', `${skies} skies at dusk: reminder p50`, 'ms', r.p50Ms),
    figure('reminders.p95Ms', 'reminders', '  p95', 'ms', r.p95Ms, null, TARGETS.remindersP95),
    figure('reminders.sendsPerSecond', 'reminders', '  sent a second, two processes', 'req/s', r.sendsPerSecond),
    figure('reminders.duplicates', 'reminders', '  received twice', 'count', r.duplicates, null, TARGETS.none),
    figure('reminders.missed', 'reminders', '  never received', 'count', r.missed, null, TARGETS.none),
    figure('reminders.apiRssPeakMb', 'reminders', '  API process memory, peak', 'MB', r.apiRssPeakMb, null, {
      ...TARGETS.prodApiRssPeak,
    }),
  ]
}

export type Inputs = {
  frontend: FrontendReport | null
  mint: MintReport | null
  stargaze: StargazeReport | null
  gas: GasReport | null
  discovery?: DiscoveryReport | null
  prod?: ProdReport | null
  scale?: ScaleReport | null
  reminders?: RemindersReport | null
}

const routeOf = (report: FrontendReport | null, site: 'ours' | 'baseline', route: string) =>
  report?.[site]?.routes.find((r) => r.route === route)

/** Every figure of the table, ours beside the starter's. */
/**
 * Discovery at each size and database, `scale.<skies>.<db>.<figure>`: targets at 150,000 skies on Postgres, and for
 * PGlite's memory at 15,000; a size that failed on a database has its figures unmeasured.
 */
export function scaleFigures(report: ScaleReport): Figure[] {
  const t = TARGETS
  const out: Figure[] = []
  for (const { skies, databases } of report.sizes) {
    for (const db of ['pglite', 'postgres'] as const) {
      if (!(db in databases)) continue
      const measured = databases[db]
      const f = measured && !('error' in measured) ? measured : undefined
      const goal = skies === 150_000 && db === 'postgres'
      const id = (name: keyof ScaleFigures) => `scale.${skies}.${db}.${name}`
      const label = (what: string) =>
        `${skies.toLocaleString('en-US')} skies, ${db === 'pglite' ? 'PGlite' : 'Postgres'}: ${what}`
      const rssTarget = goal ? t.scaleIndexerRss : skies === 15_000 && db === 'pglite' ? t.scalePgliteRss : null
      out.push(
        figure(
          id('indexSeconds'),
          'discovery',
          label('fresh index'),
          's',
          f?.indexSeconds,
          null,
          goal ? t.scaleIndexSeconds : null,
        ),
        figure(id('indexerRssMb'), 'discovery', label('indexer memory held'), 'MB', f?.indexerRssMb, null, rssTarget),
        figure(id('indexerPeakRssMb'), 'discovery', label('indexer memory peak'), 'MB', f?.indexerPeakRssMb),
        figure(id('galleryP95Ms20'), 'discovery', label('gallery p95, 20 clients'), 'ms', f?.galleryP95Ms20),
        figure(
          id('galleryP95Ms100'),
          'discovery',
          label('gallery p95, 100 clients'),
          'ms',
          f?.galleryP95Ms100,
          null,
          goal ? t.scaleP95 : null,
        ),
        figure(
          id('filterP95Ms100'),
          'discovery',
          label('filter p95, 100 clients'),
          'ms',
          f?.filterP95Ms100,
          null,
          goal ? t.scaleP95 : null,
        ),
        figure(
          id('activityP95Ms100'),
          'discovery',
          label('activity p95, 100 clients'),
          'ms',
          f?.activityP95Ms100,
          null,
          goal ? t.scaleP95 : null,
        ),
        figure(id('diskMb'), 'discovery', label('database on disk'), 'MB', f?.diskMb),
        figure(
          id('galleryFirst24Ms'),
          'discovery',
          label('gallery’s first 24 cards in Chromium'),
          'ms',
          f?.galleryFirst24Ms,
        ),
      )
    }
  }
  return out
}

/** The production shape's figures, `prod.*`; the PGlite process beside them has no target. */
export function prodFigures(p: ProdReport): Figure[] {
  const t = TARGETS
  const api = (prefix: string, a: ApiFigures, targets: boolean) => [
    figure(
      `${prefix}sessionReadRps`,
      'production',
      'Session reads',
      'req/s',
      a.sessionReadRps,
      null,
      targets ? t.prodApiReadRps : null,
    ),
    figure(
      `${prefix}sessionReadP99Ms`,
      'production',
      '  p99',
      'ms',
      a.sessionReadP99Ms,
      null,
      targets ? t.prodP99 : null,
    ),
    figure(
      `${prefix}draftReadRps`,
      'production',
      'Draft reads',
      'req/s',
      a.draftReadRps,
      null,
      targets ? t.prodApiReadRps : null,
    ),
    figure(`${prefix}draftReadP99Ms`, 'production', '  p99', 'ms', a.draftReadP99Ms, null, targets ? t.prodP99 : null),
    figure(
      `${prefix}draftWriteRps`,
      'production',
      'Draft writes',
      'req/s',
      a.draftWriteRps,
      null,
      targets ? t.prodDraftWriteRps : null,
    ),
    figure(
      `${prefix}draftWriteP99Ms`,
      'production',
      '  p99',
      'ms',
      a.draftWriteP99Ms,
      null,
      targets ? t.prodP99 : null,
    ),
  ]
  // At most one read of a sky per block in each process, however many visitors ask.
  const readsTarget = { op: '<=', value: p.skyPageBlocks * p.apiProcesses } as const
  return [
    ...api('prod.', p, true),
    figure('prod.homeRps', 'production', 'Home page (built, compressed once)', 'req/s', p.homeRps, null, t.prodHomeRps),
    figure('prod.skyPageRps', 'production', 'A sky’s page', 'req/s', p.skyPageRps, null, t.prodSkyPageRps),
    figure(
      'prod.skyPageChainReads',
      'production',
      `  chain reads, over ${p.skyPageBlocks} blocks`,
      'count',
      p.skyPageChainReads,
      null,
      readsTarget,
    ),
    figure('prod.non2xx', 'production', 'Answers not 2xx', 'count', p.non2xx, null, t.none),
    figure('prod.errors', 'production', 'Connection errors and timeouts', 'count', p.errors, null, t.none),
    figure('prod.apiRssIdleMb', 'production', 'API process memory, idle', 'MB', p.apiRssIdleMb, null, t.prodApiRssIdle),
    figure(
      'prod.apiRssPeakMb',
      'production',
      'API process memory, peak under load',
      'MB',
      p.apiRssPeakMb,
      null,
      t.prodApiRssPeak,
    ),
    figure('prod.startMs', 'production', 'API start to first healthy answer', 'ms', p.startMs, null, t.prodStart),
    ...api('prod.pglite.', p.pglite, false).map((f) => ({ ...f, label: `PGlite, one process: ${f.label.trim()}` })),
    figure('prod.pglite.rssMb', 'production', 'PGlite, one process: memory after load', 'MB', p.pglite.rssMb),
  ]
}

export function buildFigures({
  frontend: f,
  mint,
  stargaze,
  gas,
  discovery,
  prod,
  scale,
  reminders,
}: Inputs): Figure[] {
  const out: Figure[] = []
  const home = (site: 'ours' | 'baseline') => routeOf(f, site, '/')
  for (const route of OUR_ROUTES) {
    const base = route === '/' ? home('baseline')?.jsBeforePaintBytes : null
    const target = route === '/' ? TARGETS.jsBeforePaintHome : null
    out.push(
      figure(
        `js.beforePaint.${route}`,
        'front end',
        `JS before first paint ${route}`,
        'bytes',
        routeOf(f, 'ours', route)?.jsBeforePaintBytes,
        base,
        target,
      ),
    )
  }
  out.push(
    figure(
      'js.inHtml./',
      'front end',
      'JS the HTML names / (static graph)',
      'bytes',
      home('ours')?.jsInHtmlBytes,
      home('baseline')?.jsInHtmlBytes,
    ),
  )
  for (const route of OUR_ROUTES) {
    const base = route === '/' ? home('baseline')?.jsAfterLoadBytes : null
    out.push(
      figure(
        `js.afterLoad.${route}`,
        'front end',
        `JS after load ${route} (idle + 3 s)`,
        'bytes',
        routeOf(f, 'ours', route)?.jsAfterLoadBytes,
        base,
        route === '/mint' ? TARGETS.jsAfterLoadMint : null,
      ),
    )
  }
  const warmUp = f?.ours?.warmUp
  out.push(
    figure(
      'js.afterLoadWithoutWarmUp./mint',
      'front end',
      'JS after load /mint, without the warm-up',
      'bytes',
      warmUp?.withoutWarmUpBytes,
    ),
    figure('js.warmUp./mint', 'front end', 'JS the warm-up added /mint', 'bytes', warmUp?.addedBytes),
  )
  const lh = (site: 'ours' | 'baseline', route: string) => f?.[site]?.lighthouse[route]?.median
  for (const route of KEY_ROUTES) {
    const base = route === '/' ? lh('baseline', '/') : null
    const home = route === '/'
    out.push(
      figure(
        `lighthouse.score.${route}`,
        'front end',
        `Lighthouse mobile ${route}`,
        'score',
        lh('ours', route)?.score,
        base?.score,
        home ? TARGETS.lighthouseHome : TARGETS.lighthouseGame,
      ),
      figure(
        `lighthouse.lcp.${route}`,
        'front end',
        `LCP ${route}`,
        'ms',
        lh('ours', route)?.lcpMs,
        base?.lcpMs,
        home ? TARGETS.lcpHome : TARGETS.lcpGame,
      ),
      figure(
        `lighthouse.tbt.${route}`,
        'front end',
        `TBT ${route}`,
        'ms',
        lh('ours', route)?.tbtMs,
        base?.tbtMs,
        home ? TARGETS.tbtHome : TARGETS.tbtGame,
      ),
    )
  }
  const categories = [
    ['accessibility', 'accessibility', TARGETS.lighthouseAccessibility],
    ['bestPractices', 'best practices', TARGETS.lighthouseBestPractices],
    ['seo', 'SEO', TARGETS.lighthouseSeo],
  ] as const
  for (const [key, name, target] of categories) {
    for (const route of KEY_ROUTES) {
      const base = route === '/' ? lh('baseline', '/') : null
      out.push(
        figure(
          `lighthouse.${key}.${route}`,
          'front end',
          `Lighthouse ${name} ${route}`,
          'score',
          lh('ours', route)?.[key],
          base?.[key],
          target,
        ),
      )
    }
  }
  for (const route of OUR_ROUTES) {
    const base = route === '/' ? home('baseline')?.thirdPartyHosts.length : null
    out.push(
      figure(
        `thirdPartyHosts.${route}`,
        'front end',
        `Third-party hosts on load ${route}`,
        'count',
        routeOf(f, 'ours', route)?.thirdPartyHosts.length,
        base,
        TARGETS.thirdPartyHosts,
      ),
    )
  }
  const rate = f?.cpuThrottlingRate ?? 4
  const connect = (site: 'ours' | 'baseline') => f?.[site]?.connect.median
  const settled = (site: 'ours' | 'baseline') => f?.[site]?.connectSettled?.median
  out.push(
    figure(
      'connect.visibleMs',
      'front end',
      `Connect button usable (${rate}× CPU)`,
      'ms',
      connect('ours')?.connectVisibleMs,
      connect('baseline')?.connectVisibleMs,
      TARGETS.connectVisible,
    ),
    figure(
      'connect.modalMs',
      'front end',
      `Connect modal, pressed at once (${rate}× CPU)`,
      'ms',
      connect('ours')?.connectModalMs,
      connect('baseline')?.connectModalMs,
      TARGETS.connectModalAtOnce,
    ),
    figure(
      'connect.modalSettledMs',
      'front end',
      `Press to connect modal, pressed at 3 s (${rate}× CPU)`,
      'ms',
      settled('ours')?.pressToModalMs,
      settled('baseline')?.pressToModalMs,
      settledTarget(settled('baseline')?.pressToModalMs),
    ),
    figure(
      'connect.pressFeedbackMs.atOnce',
      'front end',
      `Press to first answer on screen, pressed at once (${rate}× CPU)`,
      'ms',
      connect('ours')?.pressFeedbackMs,
      connect('baseline')?.pressFeedbackMs,
      TARGETS.pressFeedback,
    ),
    figure(
      'connect.pressFeedbackMs.settled',
      'front end',
      `Press to first answer on screen, pressed at 3 s (${rate}× CPU)`,
      'ms',
      settled('ours')?.pressFeedbackMs,
      settled('baseline')?.pressFeedbackMs,
      TARGETS.pressFeedback,
    ),
  )
  if (mint?.firstSky) {
    out.push(
      figure(
        'firstSky.prompts',
        'front end',
        'Wallet prompts, new wallet on /mint to a minted sky',
        'count',
        mint.firstSky.prompts,
        null,
        TARGETS.firstSkyPrompts,
      ),
      figure(
        'firstSky.etherNeeded',
        'front end',
        'Ether a new wallet holding none spends on its first sky',
        'ETH',
        mint.firstSky.etherNeeded,
        null,
        TARGETS.firstSkyEther,
      ),
      figure(
        'firstSky.pressToSkyMs.sponsored',
        'front end',
        'Press on Mint to the minted sky, the game paying the gas',
        'ms',
        mint.firstSky.pressToSkyMs?.sponsored.medianMs,
      ),
      figure(
        'firstSky.pressToSkyMs.unsponsored',
        'front end',
        'Press on Mint to the minted sky, the wallet paying the gas',
        'ms',
        mint.firstSky.pressToSkyMs?.unsponsored.medianMs,
      ),
    )
  }

  if (mint) {
    out.push(
      figure('mint.previewMedianMs', 'RPC', 'Mint preview after a change', 'ms', mint.preview.medianMs, null, {
        op: '<=',
        value: mint.preview.targetMedianMs,
      }),
      figure(
        'mint.rpcRequests',
        'RPC',
        `Mint RPC requests, ${mint.rpc.actions} actions`,
        'count',
        mint.rpc.requests,
        null,
        {
          op: '<=',
          value: mint.rpc.target,
        },
      ),
    )
  }
  if (stargaze) {
    const { first, all } = stargaze.yourSkies
    const gallery = stargaze.gallery.first
    out.push(
      figure(
        'stargaze.yourFirst.ms',
        'RPC',
        `Stargaze: your ${first.cards} skies`,
        'ms',
        first.medianMs,
        null,
        TARGETS.stargazeFirstCards,
      ),
      figure(
        'stargaze.yourFirst.requests',
        'RPC',
        `  RPC requests, your ${first.cards}`,
        'count',
        first.maxRequests,
        null,
        {
          op: '<=',
          value: first.targetRequests,
        },
      ),
      figure('stargaze.yourAll.ms', 'RPC', `Stargaze: your ${all.cards} skies`, 'ms', all.medianMs),
      figure('stargaze.yourAll.requests', 'RPC', `  RPC requests, your ${all.cards}`, 'count', all.maxRequests),
      figure(
        'stargaze.gallery.ms',
        'RPC',
        `Stargaze: everyone's ${gallery.cards}`,
        'ms',
        gallery.medianMs,
        null,
        TARGETS.stargazeFirstCards,
      ),
      figure(
        'stargaze.gallery.requests',
        'RPC',
        `  RPC requests, everyone's ${gallery.cards}`,
        'count',
        gallery.maxRequests,
      ),
    )
  }
  if (discovery) {
    const d = discovery
    const p95 = TARGETS.discoveryP95
    const skies = d.skies.toLocaleString('en-US')
    out.push(
      figure('discovery.indexSeconds', 'discovery', `Index ${skies} skies, fresh to ready`, 's', d.indexSeconds, null, {
        ...TARGETS.indexSeconds,
      }),
      figure('discovery.indexerRssMb', 'discovery', 'Indexer memory (RSS)', 'MB', d.indexerRssMb, null, {
        ...TARGETS.indexerRss,
      }),
      figure(
        'discovery.galleryP95Ms',
        'discovery',
        'Gallery page p95, 20 clients',
        'ms',
        d.pglite.galleryP95Ms,
        null,
        p95,
      ),
      // The baseline of a filter is the chain: every sky read, then filtered.
      figure(
        'discovery.filterP95Ms',
        'discovery',
        'Filtered page p95, 20 clients',
        'ms',
        d.pglite.filterP95Ms,
        d.chainScanMs,
        p95,
      ),
      figure(
        'discovery.activityP95Ms',
        'discovery',
        'Activity page p95, 20 clients',
        'ms',
        d.pglite.activityP95Ms,
        null,
        p95,
      ),
      figure('discovery.chainScanMs', 'discovery', 'The same filter from the chain', 'ms', d.chainScanMs),
      figure(
        'discovery.postgres.indexSeconds',
        'discovery',
        '  on Postgres: fresh to ready',
        's',
        d.postgres.indexSeconds,
      ),
      figure(
        'discovery.postgres.galleryP95Ms',
        'discovery',
        '  on Postgres: gallery p95',
        'ms',
        d.postgres.galleryP95Ms,
      ),
      figure(
        'discovery.postgres.filterP95Ms',
        'discovery',
        '  on Postgres: filtered p95',
        'ms',
        d.postgres.filterP95Ms,
      ),
      figure(
        'discovery.postgres.activityP95Ms',
        'discovery',
        '  on Postgres: activity p95',
        'ms',
        d.postgres.activityP95Ms,
      ),
    )
  }
  if (prod) out.push(...prodFigures(prod))
  if (reminders) out.push(...remindersFigures(reminders))
  if (scale) out.push(...scaleFigures(scale))
  for (const [action, used] of Object.entries(gas ?? {})) {
    out.push(figure(`gas.${action}`, 'gas', `Gas: ${action}`, 'gas', used))
  }
  return out
}

/** A settled press opens the connect modal no later than the starter's does in the same run. */
export function settledTarget(baselineMs: number | null | undefined): Target | null {
  return baselineMs == null ? null : { op: '<=', value: Math.round(baselineMs) }
}

const grouped = (n: number) => Math.round(n).toLocaleString('en-US')

/** A figure as people read it: kB (1000 bytes) with one decimal, ms (one decimal under 10), gas with separators. */
export function formatValue(value: number | null, unit: Unit): string {
  if (value === null) return '—'
  if (unit === 'bytes') return `${(value / 1000).toFixed(1)} kB`
  if (unit === 'ms') return `${value < 10 ? String(Math.round(value * 10) / 10) : grouped(value)} ms`
  if (unit === 's') return `${Math.round(value * 10) / 10} s`
  if (unit === 'MB') return `${grouped(value)} MB`
  if (unit === 'req/s') return `${grouped(value)} req/s`
  if (unit === 'ETH') return `${value} ETH`
  return grouped(value)
}

export function formatTarget(target: Target | null, unit: Unit): string {
  if (!target) return ''
  return `${target.op === '=' ? '=' : target.op === '<=' ? '≤' : '≥'} ${formatValue(target.value, unit)}`
}

/** The figures as an aligned text table, one section after another. */
export function formatTable(figures: readonly Figure[]): string {
  const header = ['', 'ours', 'baseline', 'ours/base', 'target', 'met']
  const lines: string[][] = []
  let section: Section | undefined
  for (const f of figures) {
    if (f.section !== section) {
      section = f.section
      lines.push([
        {
          'front end': 'Front end',
          RPC: 'Pages and RPC',
          discovery: 'Gallery index (indexer)',
          production: 'Production shape (npm run rehearse): two API processes on Postgres, 50 connections',
          reminders: 'Reminders: a night’s 10,000 at once, two API processes on Postgres',
          gas: 'Contracts',
        }[section],
      ])
    }
    lines.push([
      `  ${f.label}`,
      formatValue(f.ours, f.unit),
      f.baseline === null ? '' : formatValue(f.baseline, f.unit),
      f.ratio === null ? '' : `${f.ratio.toFixed(2)}×`,
      formatTarget(f.target, f.unit),
      f.target === null ? '' : f.met === null ? 'n/a' : f.met ? 'yes' : 'NO',
    ])
  }
  const rows = [header, ...lines]
  const widths = header.map((_, i) => Math.max(...rows.filter((r) => r.length > 1).map((r) => (r[i] ?? '').length)))
  return rows
    .map((row) =>
      row.length === 1
        ? (row[0] ?? '')
        : row
            .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
            .join('  ')
            .trimEnd(),
    )
    .join('\n')
}

export type Results = {
  generatedAt: string
  machine: FrontendReport['machine'] | null
  /** How each figure was taken, in a line. */
  methods: Record<string, string>
  /** Content-Encoding as served; the byte figures are gzip -9 of the bodies, whatever the server sent. */
  served: Record<'ours' | 'baseline', { documentEncoding: string; scriptEncodings: string[] } | null>
  figures: Figure[]
  targetsMet: { met: number; missed: number; unmeasured: number }
  thirdPartyHosts: Record<'ours' | 'baseline', Record<string, string[]>>
  /** Per route, the accessibility, best-practices and SEO audits Lighthouse failed in any run (`category: audit`). */
  lighthouseFailed: Record<'ours' | 'baseline', Record<string, string[]>>
  /** Reports this run did not (re)write, so their figures are left out. */
  missing: string[]
  errors: string[]
}

export const METHODS: Record<string, string> = {
  js: 'Playwright + system Chromium, fresh context, 1280×800: gzip -9 of each script body; before first paint = requested (resource timing startTime) before first-contentful-paint, dynamic imports included; static graph = the scripts the HTML names; with wallet stack = every script by network idle + 3 s',
  lighthouse:
    'Lighthouse default mobile config (simulated throttling), performance, accessibility, best practices and SEO of one load, own headless Chromium per run, median of each figure over the runs',
  thirdPartyHosts:
    'hostnames other than the page’s own in requests (failed ones too) and WebSockets from navigation to network idle + 3 s, no click',
  connect:
    'CDP Emulation.setCPUThrottlingRate, fresh context: page time since navigation start when [data-testid=rk-connect-button] is visible and enabled (MutationObserver + per-frame check), then when role=dialog with “Connect a Wallet” is visible after a mouse click on it, at once or 3 s after navigation; the press is its pointerdown’s time stamp; its answer on screen is the latest end (startTime + duration) of its pointerdown, pointerup and click Event Timing entries (durationThreshold 16, so 16 when none took longer); median of the runs. firstSky.prompts: e2e/bench-reports/mint.json, a new injected wallet from landing on /mint to its minted sky, counting requests that open a wallet prompt; firstSky.etherNeeded: the most ether any of 5 new wallets holding none spent on it, the game paying the gas; firstSky.pressToSkyMs: from just before the click on Mint to the “is yours” heading, timed in the bench’s process, median of 5 new wallets each way, the two ways taking turns',
  rpc: 'e2e/bench-reports/mint.json and stargaze.json from the mint and stargaze measurements of the same run',
  gas: 'contracts/gas-report.json from the gas measurement of the same run',
  prod: 'bench/reports/prod.json from the prod measurement of the same run: a rehearsal (npm run rehearse, 12 s blocks, the provider stand-in without injected faults, rate limits raised); autocannon on the same machine through the load balancer to two API processes on Postgres, 50 connections, each route warmed 10 s then measured 10 s; memory from /proc (VmRSS, sampled every 250 ms); start = spawn of a third process from the build to its first /api/health 200; sky chain reads from the processes’ chainellation_sky_chain_reads_total; PGlite: one process from the same build, asked directly',
  scale:
    'bench/reports/scale.json from `npm run bench -- scale` (npm run scale -w server): per size, anvil seeded with that many skies and gazes, layer changes and transfers in the 15,000-sky collection’s proportions; per database a fresh index to the last seeded block, then 20,000 reads of each kind through the app’s API (one process) by 20 or 100 concurrent clients while a sky is minted every 2 s, after 5 reads of each client not counted, p95; memory from /proc (held: VmRSS every 250 ms from the database open on; peak: VmHWM); disk: PGlite’s folder or pg_database_size; the gallery: Chromium, 1280×800, a fresh context, navigation to the first 24 cards of everyone’s skies shown with their pictures, median of 3',
  reminders:
    'server/reminders-report.json from the reminders measurement of the same run (npm run bench:reminders -w server): Postgres, two API processes from the build under plain node with production’s memory flags, anvil’s clock brought to 45 s before 18:00 UTC, an index stand-in answering every sky as its owner’s and not gazed, a push service stand-in on this machine answering 201; 10,000 reminders, one browser each, all due at dusk; each figure from dusk (by the chain’s clock, on the wall clock) to the stand-in’s first receipt of that browser’s reminder; memory from /proc (VmHWM, sampled every 100 ms)',
  discovery:
    'server/discovery-report.json from the discovery measurement of the same run: a local chain seeded with 15,000 skies, 50,000 gazes, 2,000 transfers and 3,000 layer changes; reads through the app’s API, 20 concurrent clients, while a sky is minted every 2 s, after 5 reads of each client not counted; the chain’s figure reads every sky in batched multicalls',
}

/** results.json from the inputs. */
export function buildResults(inputs: Inputs, extra: { missing: string[]; now?: Date }): Results {
  const figures = buildFigures(inputs)
  const withTarget = figures.filter((f) => f.target)
  const f = inputs.frontend
  const served = (site: 'ours' | 'baseline') => {
    const home = f?.[site]?.routes.find((r) => r.route === '/')
    return home ? { documentEncoding: home.encodings.document, scriptEncodings: home.encodings.scripts } : null
  }
  const hosts = (site: 'ours' | 'baseline') =>
    Object.fromEntries((f?.[site]?.routes ?? []).map((r) => [r.route, r.thirdPartyHosts]))
  const flagged = (site: 'ours' | 'baseline') =>
    Object.fromEntries(Object.entries(f?.[site]?.lighthouse ?? {}).map(([route, lh]) => [route, lh.flagged ?? []]))
  return {
    generatedAt: (extra.now ?? new Date()).toISOString(),
    machine: f?.machine ?? null,
    methods: METHODS,
    served: { ours: served('ours'), baseline: served('baseline') },
    figures,
    targetsMet: {
      met: withTarget.filter((x) => x.met === true).length,
      missed: withTarget.filter((x) => x.met === false).length,
      unmeasured: withTarget.filter((x) => x.met === null).length,
    },
    thirdPartyHosts: { ours: hosts('ours'), baseline: hosts('baseline') },
    lighthouseFailed: { ours: flagged('ours'), baseline: flagged('baseline') },
    missing: extra.missing,
    errors: f?.errors ?? [],
  }
}

/** The lines printed under the table: how each side was served, and which hosts each page tried to reach. */
export function formatNotes(results: Results): string {
  const lines: string[] = []
  const m = results.machine
  if (m) {
    const busy = [m.loadAverage, m.loadAverageAtEnd ?? []].some((l) => (l[0] ?? 0) > m.cpus)
    lines.push(
      `Machine: ${m.cpus} cores; load average ${m.loadAverage.join(', ')} at the start` +
        `${m.loadAverageAtEnd ? `, ${m.loadAverageAtEnd.join(', ')} at the end` : ''}` +
        `${busy ? ' — ABOVE the number of cores: the machine was busy, timings are slower than it can do' : ''}`,
    )
  }
  for (const site of ['ours', 'baseline'] as const) {
    const s = results.served[site]
    if (s) {
      const compressed = s.scriptEncodings.some((e) => e !== 'identity')
      lines.push(
        `${site === 'ours' ? 'Ours' : 'Baseline'} served ${compressed ? 'compressed' : 'uncompressed'}: ` +
          `document ${s.documentEncoding}, scripts ${s.scriptEncodings.join(', ') || 'none'}`,
      )
    }
  }
  for (const site of ['ours', 'baseline'] as const) {
    for (const [route, hosts] of Object.entries(results.thirdPartyHosts[site])) {
      if (hosts.length) lines.push(`Third-party hosts, ${site} ${route}: ${hosts.join(', ')}`)
    }
  }
  for (const site of ['ours', 'baseline'] as const) {
    for (const [route, audits] of Object.entries(results.lighthouseFailed[site])) {
      if (audits.length) lines.push(`Lighthouse audits failed, ${site} ${route}: ${audits.join(', ')}`)
    }
  }
  const t = results.targetsMet
  lines.push(`Targets: ${t.met} met, ${t.missed} missed${t.unmeasured ? `, ${t.unmeasured} not measured` : ''}`)
  for (const m of results.missing) lines.push(`Missing: ${m}`)
  for (const e of results.errors) lines.push(`Error: ${e.split('\n')[0]}`)
  return lines.join('\n')
}

/** Reads the reports this run wrote (older ones are listed as missing), writes bench/results.json, returns it. */
export function collectResults(root: string, startedAt: number): Results {
  const missing: string[] = []
  // A report only some runs write (`npm run bench -- scale`) is left out quietly when this run did not.
  const read = <T>(path: string, optional = false): T | null => {
    try {
      if (statSync(join(root, path)).mtimeMs < startedAt) {
        if (!optional) missing.push(`${path} was not rewritten by this run`)
        return null
      }
      return JSON.parse(readFileSync(join(root, path), 'utf8')) as T
    } catch (error) {
      if (!optional) missing.push(`${path}: ${error instanceof Error ? error.message : String(error)}`)
      return null
    }
  }
  const results = buildResults(
    {
      frontend: read<FrontendReport>(FRONTEND_REPORT),
      mint: read<MintReport>('e2e/bench-reports/mint.json'),
      stargaze: read<StargazeReport>('e2e/bench-reports/stargaze.json'),
      gas: read<GasReport>('contracts/gas-report.json'),
      discovery: read<DiscoveryReport>('server/discovery-report.json'),
      prod: read<ProdReport>(PROD_REPORT),
      scale: read<ScaleReport>(SCALE_REPORT, true),
      reminders: read<RemindersReport>('server/reminders-report.json'),
    },
    { missing },
  )
  writeJson(join(root, RESULTS_FILE), results)
  return results
}
