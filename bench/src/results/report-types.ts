import type { FrontendReport } from '../frontend/frontend-report'

/** The part of bench/reports/mint.json read here. */
export type MintReport = {
  preview: { samples: number; medianMs: number; targetMedianMs: number }
  /** A new wallet from landing on /mint to its minted sky: what the wallet asked the person (absent in older reports). */
  firstSky?: {
    prompts: number
    methods: string[]
    /** Absent in reports from before the game paid players' gas. */
    etherNeeded?: number
    pressToSkyMs?: { sponsored: { medianMs: number }; unsponsored: { medianMs: number } }
    /** The same mints with no page around them (bench/src/browser/first-sky-floor.ts); absent from reports before it. */
    floorMs?: { sponsored: { medianMs: number }; unsponsored: { medianMs: number } }
  }
  rpc: { actions: number; requests: number; target: number; initialRequests?: number }
}
type StargazeFigures = { cards: number; medianMs: number; maxRequests: number }
/** The first cards' figures, with their floor (bench/src/browser/stargaze-floor.ts); reports before it have none. */
type StargazeFirstFigures = StargazeFigures & { floor?: { medianMs: number } }
/** The part of bench/reports/stargaze.json read here. */
export type StargazeReport = {
  runs: number
  yourSkies: { first: StargazeFirstFigures & { targetRequests: number }; all: StargazeFigures }
  gallery: { first: StargazeFirstFigures }
}
export type GasReport = Record<string, number>
export type QueryFigures = { galleryP95Ms: number; filterP95Ms: number; activityP95Ms: number }
/** The part of bench/reports/discovery.json read here; its writer (bench/src/server/discovery.ts) adds the rest. */
export type DiscoveryReport = {
  skies: number
  indexSeconds: number
  indexerRssMb: number
  chainScanMs: number
  pglite: QueryFigures
  postgres: QueryFigures & { indexSeconds: number }
  /** The same reads asked of the indexer itself, under the same load: what the API's reads are beside. */
  floor?: { pglite: QueryFigures; postgres: QueryFigures }
}

/** One size on one database in bench/reports/scale.json; its writer (bench/src/server/scale.ts) adds the rest. */
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

export type ApiFigures = {
  sessionReadRps: number
  sessionReadP99Ms: number
  draftReadRps: number
  draftReadP99Ms: number
  draftWriteRps: number
  draftWriteP99Ms: number
  /** Every write to one draft: its row's lock queue (bench/src/server/prod-load.ts, WRITERS). */
  oneDraftWriteRps?: number
  oneDraftWriteP99Ms?: number
}
/** A route's CPU a request in the API's processes beside the floor's (bench/src/server/floor-server.ts), in ms. */
export type CpuBesideFloor = {
  apiMsPerRequest: number | null
  floorMsPerRequest: number | null
  ratio: number | null
  met: boolean | null
}
export type ProdCpuRoute = 'sessionRead' | 'draftRead' | 'draftWrite' | 'oneDraftWrite' | 'home' | 'skyPage'
/** Each route's CPU beside its floor, and the most the ratio may be; reports before the one-draft write lack it. */
export type ProdCpu = { target: number } & Record<Exclude<ProdCpuRoute, 'oneDraftWrite'>, CpuBesideFloor> & {
    oneDraftWrite?: CpuBesideFloor
  }

/** A route paced to `rate` requests a second: the answers a second and the p99 on the API and on its floor. */
export type RouteAtRate = { rate: number; api: { rps: number; p99Ms: number }; floor: { rps: number; p99Ms: number } }

/** The part of bench/reports/prod.json (bench/src/server/prod-load.ts) read here. */
export type ProdReport = ApiFigures & {
  homeRps: number
  homeP99Ms: number
  skyPageRps: number
  skyPageP99Ms: number
  /**
   * The session and draft reads and the draft writes again, paced to the rate their targets name, on the API and on
   * its floor (bench/src/server/load-rounds.ts, `atRate`). Absent from a report written before they were measured.
   */
  atRate?: Partial<Record<'sessionRead' | 'draftRead' | 'draftWrite', RouteAtRate>>
  skyPageChainReads: number
  skyPageBlocks: number
  apiProcesses: number
  non2xx: number
  errors: number
  apiRssIdleMb: number
  apiRssPeakMb: number
  /** The median of the API's starts, spawn to its first healthy answer. */
  startMs: number
  /**
   * Each start of the API and of its floor (a bare process on the same database, bench/src/server/starts.ts), taken in
   * turn. Absent from a report written before the floor was measured.
   */
  starts?: { api: { ms: number[]; medianMs: number }; floor: { ms: number[]; medianMs: number } }
  pglite: ApiFigures & { rssMb: number }
  /** Absent from a report written before the floor was measured. */
  cpu?: ProdCpu
  /** The floor's runs of the same routes in the same shape, by route ('GET /api/auth/session'). */
  floorRuns?: { route: string; rps: number; p99Ms: number }[]
}

/** bench/reports/reminders.json (bench/src/server/reminders.ts). */
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
  /** The same sends from two processes that do only them, in the same run, timed from their start. */
  floor?: { p50Ms: number; p95Ms: number; maxMs: number; sendsPerSecond: number | null }
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
