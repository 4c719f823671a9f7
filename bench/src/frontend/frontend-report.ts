import type { LighthouseRun } from './lighthouse'
import type { ConnectRun, RouteFigures, WarmUpFigures } from './page-figures'

/** The routes whose JS and third-party hosts are counted on our app; the starter has one page, `/`. */
export const OUR_ROUTES = ['/', '/mint', '/stargaze', '/compose', '/sky/1'] as const
/** The routes Lighthouse looks at: the home page and every game page a player meets first. */
export const KEY_ROUTES = ['/', '/mint', '/stargaze', '/compose', '/sky/1'] as const

export type Failed = { error: string }
export type Repeated<T> = { runs: (T | Failed)[]; median: T | null }
/** A route's Lighthouse runs, and every accessibility, best-practices or SEO audit that failed in any of them. */
export type LighthouseRoute = Repeated<LighthouseRun> & { flagged: string[] }

export type SiteReport = {
  url: string
  routes: RouteFigures[]
  lighthouse: Record<string, LighthouseRoute>
  /** A press as soon as the connect button is usable. */
  connect: Repeated<ConnectFigures>
  /** A press 3 s after navigation, once the page has settled (absent from reports made before it was measured). */
  connectSettled?: Repeated<ConnectFigures>
  /** What the warm-up of the wallet stack and kit added to `/mint`'s scripts (ours only; absent before it was). */
  warmUp?: WarmUpFigures | null
}

type ConnectFigures = Omit<ConnectRun, 'clickMs'> & { clickMs: number | null }

export type FrontendReport = {
  machine: {
    cpus: number
    cpuModel: string
    chromium: string
    node: string
    /** 1, 5 and 15 minute load averages when the measurement started. */
    loadAverage: number[]
    /** The same when it ended. */
    loadAverageAtEnd?: number[]
  }
  lighthouseVersion: string
  runs: number
  cpuThrottlingRate: number
  ours: SiteReport | null
  baseline: SiteReport | null
  /** What went wrong; the figures it concerns are missing from the report. */
  errors: string[]
}
