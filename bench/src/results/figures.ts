import type { Unit } from '../units'

export type { Unit } from '../units'
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
  /** The production shape: two API processes on Postgres behind nginx, 50 connections. */
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

/** At most `ratio` times a floor measured in the same run; no target where the floor was not measured. */
function withinRatioOf(floor: number | null | undefined, ratio: number): Target | null {
  return floor == null ? null : { op: '<=', value: Math.round(floor * ratio) }
}

/** A settled press opens the connect modal no later than the starter's does in the same run. */
export const settledTarget = (baselineMs: number | null | undefined) => withinRatioOf(baselineMs, 1)

/**
 * A press the moment the button is usable may open the connect modal this many times as late as the starter's in the
 * same run: the starter evaluates all of its script before its button can be pressed, ours can be pressed before the
 * app has run (docs/decisions/first-use.md).
 */
export const CONNECT_AT_ONCE_RATIO = 1.5

/** A press at once opens the connect modal within `CONNECT_AT_ONCE_RATIO` times the starter's in the same run. */
export const atOnceTarget = (baselineMs: number | null | undefined) => withinRatioOf(baselineMs, CONNECT_AT_ONCE_RATIO)

/**
 * A game page may block the main thread this many times as long as the home page does in the same run (Lighthouse's
 * TBT): what the machine adds or takes away moves both alike, what the page does at start-up moves only its own.
 */
export const TBT_GAME_TO_HOME_RATIO = 1.5

/** A game page's TBT within `TBT_GAME_TO_HOME_RATIO` times the home page's in the same run. */
export const tbtToHomeTarget = (homeMs: number | null | undefined) => withinRatioOf(homeMs, TBT_GAME_TO_HOME_RATIO)
