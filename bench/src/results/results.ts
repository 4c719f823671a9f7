import type { FrontendReport } from '../frontend/frontend-report'
import { type ReportName, readFreshReport, writeReport } from '../reports'
import { buildFigures } from './build-figures'
import type { Figure } from './figures'
import type {
  DiscoveryReport,
  GasReport,
  Inputs,
  MintReport,
  ProdReport,
  RemindersReport,
  ScaleReport,
  StargazeReport,
} from './report-types'

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
    'CDP Emulation.setCPUThrottlingRate, fresh context: page time since navigation start when [data-testid=rk-connect-button] is visible and enabled (looked for once a frame), then when role=dialog with “Connect a Wallet” is visible (once a frame) after a mouse click on it, sent at once from where the page reported the button in the frame it became usable, or 3 s after navigation; the press is its pointerdown’s time stamp; its answer on screen is the latest end (startTime + duration) of its pointerdown, pointerup and click Event Timing entries (durationThreshold 16, so 16 when none took longer); median of the runs. firstSky.prompts: bench/reports/mint.json, a new injected wallet from landing on /mint to its minted sky, counting requests that open a wallet prompt; firstSky.etherNeeded: the most ether any of 5 new wallets holding none spent on it, the game paying the gas; firstSky.pressToSkyMs: from just before the click on Mint to the “is yours” heading, timed in the bench’s process, median of 5 new wallets each way, the two ways taking turns',
  rpc: 'bench/reports/mint.json and stargaze.json from the mint and stargaze measurements of the same run',
  gas: 'bench/reports/gas.json from the gas measurement of the same run',
  prod: 'bench/reports/prod.json from the prod measurement of the same run: a rehearsal (npm run rehearse, 12 s blocks, the provider stand-in without injected faults, rate limits raised); autocannon on the same machine through nginx (compose’s configuration) to two API processes on Postgres, 50 connections, each route warmed 10 s then measured 10 s; memory from /proc (VmRSS, sampled every 250 ms); start = spawn of a third process from the build to its first /api/health 200; sky chain reads from the processes’ chainellation_sky_chain_reads_total; PGlite: one process from the same build, asked directly; API CPU a request: the two API processes’ utime + stime (/proc/<pid>/stat) over the measured 10 s over the requests answered in them, beside its floor as the baseline, held to 1.5 times it: one bare Hono + @hono/node-server + postgres.js process (bench/src/server/floor-server.ts, plain node with the API’s heap flags) on the same Postgres, asked directly with the same autocannon settings, account and draft, sending the SQL the API sends and answering the same JSON, or the pages in the bytes the API sent for them, in each coding',
  scale:
    'bench/reports/scale.json from `npm run bench -- scale` (npm run scale -w @chainellation/bench): per size, anvil seeded with that many skies and gazes, layer changes and transfers in the 15,000-sky collection’s proportions; per database a fresh index to the last seeded block, then 20,000 reads of each kind through the app’s API (one process) by 20 or 100 concurrent clients while a sky is minted every 2 s, after 5 reads of each client not counted, p95; memory from /proc (held: VmRSS every 250 ms from the database open on; peak: VmHWM); disk: PGlite’s folder or pg_database_size; the gallery: Chromium, 1280×800, a fresh context, navigation to the first 24 cards of everyone’s skies shown with their pictures, median of 3',
  reminders:
    'bench/reports/reminders.json from the reminders measurement of the same run (npm run reminders -w @chainellation/bench): Postgres, two API processes from the build under plain node with production’s memory flags, anvil’s clock brought to 45 s before 18:00 UTC, an index stand-in answering every sky as its owner’s and not gazed, a push service stand-in on this machine answering 201; 10,000 reminders, one browser each, all due at dusk; each figure from dusk (by the chain’s clock, on the wall clock) to the stand-in’s first receipt of that browser’s reminder; memory from /proc (VmHWM, sampled every 100 ms); beside the floor as the baseline: the same 10,000 sends to the same stand-in from two processes that do only them (bench/src/server/reminders-floor.ts: web-push’s encryption and VAPID signature, then fetch, 32 in flight in each as in each API process), run after the APIs stopped, timed from the instant both start',
  discovery:
    'bench/reports/discovery.json from the discovery measurement of the same run: a local chain seeded with 15,000 skies, 50,000 gazes, 2,000 transfers and 3,000 layer changes; reads through the app’s API, 20 concurrent clients, while a sky is minted every 2 s, after 5 reads of each client not counted; the chain’s figure reads every sky in batched multicalls',
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

/** Reads the reports this run wrote (older ones are listed as missing), writes bench/reports/results.json, returns it. */
export function collectResults(startedAt: number): Results {
  const missing: string[] = []
  // A report only some runs write (`npm run bench -- scale`) is left out quietly when this run did not.
  const read = <T>(name: ReportName, optional = false): T | null => {
    try {
      return readFreshReport<T>(name, startedAt)
    } catch (error) {
      if (!optional) missing.push(error instanceof Error ? error.message : String(error))
      return null
    }
  }
  const results = buildResults(
    {
      frontend: read<FrontendReport>('frontend'),
      mint: read<MintReport>('mint'),
      stargaze: read<StargazeReport>('stargaze'),
      gas: read<GasReport>('gas'),
      discovery: read<DiscoveryReport>('discovery'),
      prod: read<ProdReport>('prod'),
      scale: read<ScaleReport>('scale', true),
      reminders: read<RemindersReport>('reminders'),
    },
    { missing },
  )
  writeReport('results', results)
  return results
}
