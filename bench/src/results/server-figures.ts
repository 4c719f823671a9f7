import { type Figure, figure, TARGETS, type Target } from './figures'
import type {
  ApiFigures,
  DiscoveryReport,
  ProdCpu,
  ProdCpuRoute,
  ProdReport,
  RemindersReport,
  ScaleFigures,
  ScaleReport,
} from './report-types'

/** The reminders' figures: a night's 10,000 reminders from two API processes on Postgres. */
export function remindersFigures(r: RemindersReport): Figure[] {
  const skies = r.skies.toLocaleString('en-US')
  return [
    // Beside the floor's: the same sends from two processes that do nothing else.
    figure('reminders.p50Ms', 'reminders', `${skies} skies at dusk: reminder p50`, 'ms', r.p50Ms, r.floor?.p50Ms),
    figure('reminders.p95Ms', 'reminders', '  p95', 'ms', r.p95Ms, r.floor?.p95Ms, TARGETS.remindersP95),
    figure(
      'reminders.sendsPerSecond',
      'reminders',
      '  sent a second, two processes',
      'req/s',
      r.sendsPerSecond,
      r.floor?.sendsPerSecond,
    ),
    figure('reminders.duplicates', 'reminders', '  received twice', 'count', r.duplicates, null, TARGETS.none),
    figure('reminders.missed', 'reminders', '  never received', 'count', r.missed, null, TARGETS.none),
    figure('reminders.apiRssPeakMb', 'reminders', '  API process memory, peak', 'MB', r.apiRssPeakMb, null, {
      ...TARGETS.prodApiRssPeak,
    }),
  ]
}

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

/**
 * A route's CPU a request in the API's processes, `prod.cpu.<route>`, beside its floor's as the baseline: held to at
 * most `cpu.target` times the floor (docs/decisions/production.md, "What it costs a request").
 */
function cpuFigure(cpu: ProdCpu | undefined, route: ProdCpuRoute): Figure[] {
  const c = cpu?.[route]
  if (!cpu || !c) return []
  const floor = c.floorMsPerRequest
  const target = floor == null ? null : ({ op: '<=', value: Math.round(floor * cpu.target * 1000) / 1000 } as const)
  return [
    figure(
      `prod.cpu.${route}`,
      'production',
      '  API CPU a request (baseline: floor)',
      'ms',
      c.apiMsPerRequest,
      floor,
      target,
    ),
  ]
}

/** The floor's routes, by the API's names of its figures. */
const FLOOR_ROUTES = {
  sessionRead: 'GET /api/auth/session',
  draftRead: 'GET /api/drafts/:id',
  draftWrite: 'PATCH /api/drafts/:id',
  oneDraftWrite: 'PATCH /api/drafts/:id, one draft',
  home: 'GET /',
  skyPage: 'GET /sky/1',
} as const satisfies Record<ProdCpuRoute, string>

/**
 * The production shape's figures, `prod.*`, each route's throughput and p99 beside the floor's in the same run and
 * shape (bench/src/server/floor.ts); the PGlite process beside them has no target.
 */
export function prodFigures(p: ProdReport): Figure[] {
  const t = TARGETS
  const cpu = (route: ProdCpuRoute, targets: boolean) => (targets ? cpuFigure(p.cpu, route) : [])
  const floorOf = (route: ProdCpuRoute, targets: boolean) =>
    targets ? p.floorRuns?.find((run) => run.route === FLOOR_ROUTES[route]) : undefined
  const beside = (label: string, targets: boolean) => (targets ? `${label} (baseline: floor)` : label)
  /** A route's throughput, p99 and CPU a request, each beside the floor's where `targets` holds it to them. */
  const route = (
    prefix: string,
    name: 'sessionRead' | 'draftRead' | 'draftWrite' | 'oneDraftWrite',
    label: string,
    a: ApiFigures,
    rpsTarget: Target | null,
    targets: boolean,
  ) => {
    if (a[`${name}Rps`] === undefined) return []
    const floor = floorOf(name, targets)
    const paced = targets && name !== 'oneDraftWrite' ? p.atRate?.[name] : undefined
    return [
      figure(
        `${prefix}${name}Rps`,
        'production',
        beside(label, targets),
        'req/s',
        a[`${name}Rps`],
        floor?.rps,
        targets ? rpsTarget : null,
      ),
      // Where the route was also asked at its target's rate, the p99 target is held there: at full speed the p99 is
      // the connections' queue (bench/src/server/load-rounds.ts, `atRate`), shown beside the floor's.
      figure(
        `${prefix}${name}P99Ms`,
        'production',
        paced ? '  p99 at full speed' : '  p99',
        'ms',
        a[`${name}P99Ms`],
        floor?.p99Ms,
        targets && rpsTarget && !paced ? t.prodP99 : null,
      ),
      ...(paced && rpsTarget
        ? [
            figure(
              `${prefix}${name}AtRateP99Ms`,
              'production',
              `  p99 at ${paced.rate.toLocaleString('en-US')} a second (${paced.api.rps.toLocaleString('en-US')} answered)`,
              'ms',
              paced.api.p99Ms,
              paced.floor.p99Ms,
              // A rate below the target's is no measure of it.
              paced.rate >= rpsTarget.value ? t.prodP99 : null,
            ),
          ]
        : []),
      // The one-draft run's CPU is shown beside the floor's, held to nothing: the route is there for its contention.
      ...cpu(name, targets).map((f) => (rpsTarget ? f : { ...f, target: null, met: null })),
    ]
  }
  const api = (prefix: string, a: ApiFigures, targets: boolean) => [
    ...route(prefix, 'sessionRead', 'Session reads', a, t.prodApiReadRps, targets),
    ...route(prefix, 'draftRead', 'Draft reads', a, t.prodApiReadRps, targets),
    ...route(
      prefix,
      'draftWrite',
      'Draft writes, each player to a draft of their own',
      a,
      t.prodDraftWriteRps,
      targets,
    ),
    // The most contention a draft can meet, which no player's limit lets one account make: no target.
    ...route(prefix, 'oneDraftWrite', 'Draft writes, all to one draft', a, null, targets),
  ]
  // At most one read of a sky per block in each process, however many visitors ask.
  const readsTarget = { op: '<=', value: p.skyPageBlocks * p.apiProcesses } as const
  return [
    ...api('prod.', p, true),
    figure(
      'prod.homeRps',
      'production',
      'Home page (built, compressed once; baseline: floor)',
      'req/s',
      p.homeRps,
      floorOf('home', true)?.rps,
      t.prodHomeRps,
    ),
    ...cpuFigure(p.cpu, 'home'),
    figure(
      'prod.skyPageRps',
      'production',
      'A sky’s page (baseline: floor)',
      'req/s',
      p.skyPageRps,
      floorOf('skyPage', true)?.rps,
      t.prodSkyPageRps,
    ),
    ...cpuFigure(p.cpu, 'skyPage'),
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
    figure(
      'prod.startMs',
      'production',
      'API start to first healthy answer (baseline: floor)',
      'ms',
      p.startMs,
      p.starts?.floor.medianMs,
      t.prodStart,
    ),
    ...api('prod.pglite.', p.pglite, false).map((f) => ({ ...f, label: `PGlite, one process: ${f.label.trim()}` })),
    figure('prod.pglite.rssMb', 'production', 'PGlite, one process: memory after load', 'MB', p.pglite.rssMb),
  ]
}

/**
 * The gallery's index at 15,000 skies, on PGlite and on Postgres: each read through the API beside the same read asked
 * of the indexer itself (its floor), and the filter beside reading the same from the chain.
 */
export function discoveryFigures(d: DiscoveryReport): Figure[] {
  const p95 = TARGETS.discoveryP95
  const skies = d.skies.toLocaleString('en-US')
  const reads = [
    ['gallery', 'Gallery page'],
    ['filter', 'Filtered page'],
    ['activity', 'Activity page'],
  ] as const
  const key = (read: (typeof reads)[number][0]) => `${read}P95Ms` as const
  return [
    figure('discovery.indexSeconds', 'discovery', `Index ${skies} skies, fresh to ready`, 's', d.indexSeconds, null, {
      ...TARGETS.indexSeconds,
    }),
    figure('discovery.indexerRssMb', 'discovery', 'Indexer memory (RSS)', 'MB', d.indexerRssMb, null, {
      ...TARGETS.indexerRss,
    }),
    ...reads.map(([read, label]) =>
      figure(
        `discovery.${key(read)}`,
        'discovery',
        `${label} p95, 20 clients`,
        'ms',
        d.pglite[key(read)],
        d.floor?.pglite[key(read)],
        p95,
      ),
    ),
    // What the index saves: the filter read from the chain instead, every sky read, then filtered.
    figure('discovery.chainScanMs', 'discovery', 'The same filter from the chain', 'ms', d.chainScanMs),
    figure(
      'discovery.postgres.indexSeconds',
      'discovery',
      '  on Postgres: fresh to ready',
      's',
      d.postgres.indexSeconds,
    ),
    ...reads.map(([read, label]) =>
      figure(
        `discovery.postgres.${key(read)}`,
        'discovery',
        `  on Postgres: ${label.split(' ')[0]?.toLowerCase()} p95`,
        'ms',
        d.postgres[key(read)],
        d.floor?.postgres[key(read)],
      ),
    ),
  ]
}
