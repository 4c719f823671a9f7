// The front end beside a stock RainbowKit starter: JS per route, Lighthouse (performance, accessibility, best
// practices, SEO), third-party hosts, connect at 4× CPU.
// Run by `npm run bench` (see frontend.ts); writes bench/reports/frontend.json.
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@chainellation/contracts/anvil'
import { CHROMIUM_FLAGS, chromiumPath } from '@chainellation/scripts/chromium'
import { type Stack, startStack } from '@chainellation/scripts/stack'
import { type Browser, chromium } from '@playwright/test'
import { reportPath, writeReport } from '../reports'
import { formatValue, medianOf } from '../units'
import { buildBaseline, type StaticServer, serveStatic } from './baseline'
import { type Failed, type FrontendReport, KEY_ROUTES, OUR_ROUTES, type SiteReport } from './frontend-report'
import { type LighthouseRun, runLighthouseRetrying } from './lighthouse'
import { mintFirstSky } from './mint-sky-one'
import { measureConnect, measureRoute, warmUpFigures } from './page-figures'

/**
 * The parts to run, for work on one of them (`BENCH_FRONTEND_PARTS=scripts,connect`): the scripts and hosts of each
 * route, the press as soon as connect is usable, the press at 3 s, Lighthouse. `npm run bench` runs them all.
 */
const PARTS = ['scripts', 'connect', 'settled', 'lighthouse'] as const
const only = process.env.BENCH_FRONTEND_PARTS?.split(',').filter(Boolean)
const unknownPart = only?.find((part) => !(PARTS as readonly string[]).includes(part))
if (unknownPart) throw new Error(`BENCH_FRONTEND_PARTS: no part ${unknownPart}; the parts are ${PARTS.join(', ')}`)
const runs = (part: (typeof PARTS)[number]) => !only || only.includes(part)
/** Runs of each press and Lighthouse route (`BENCH_FRONTEND_RUNS`), three unless told. */
const RUNS = Number(process.env.BENCH_FRONTEND_RUNS) || 3
const CPU_THROTTLING_RATE = 4
/** When a settled press comes, ms after navigation. */
const SETTLE_MS = 3000

const startedAt = Date.now()
const log = (line: string) =>
  process.stdout.write(`[frontend ${((Date.now() - startedAt) / 1000).toFixed(0).padStart(3)} s] ${line}\n`)
const errors: string[] = []
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Runs `fn`; a failure is logged and kept in the report's errors instead of ending the whole measurement. */
async function attempt<T>(what: string, fn: () => Promise<T>): Promise<T | Failed> {
  try {
    return await fn()
  } catch (error) {
    const message = `${what}: ${messageOf(error)}`
    errors.push(message)
    log(`FAILED ${message.split('\n')[0]}`)
    return { error: message }
  }
}
const failed = (x: unknown): x is Failed => typeof x === 'object' && x !== null && 'error' in x

type Site = { name: 'ours' | 'baseline'; url: string; routes: readonly string[]; lighthouseRoutes: readonly string[] }

/** Our stack on free ports; tried twice, as a busy machine can keep the API from answering in time. */
async function startOurs(): Promise<Stack> {
  try {
    return await startOursOnce()
  } catch (error) {
    log(`the stack did not start (${messageOf(error).split('\n')[0]}); trying once more`)
    return startOursOnce()
  }
}

async function startOursOnce(): Promise<Stack> {
  const ports = new Set<number>()
  while (ports.size < 3) ports.add(await freePort())
  const [anvilPort = 0, apiPort = 0, webPort = 0] = [...ports]
  return startStack({
    anvilPort,
    apiPort,
    webPort,
    mode: 'production',
    log: (source, line) => {
      if (source === 'stack') log(`[stack] ${line}`)
    },
  })
}

/** The page whose scripts are measured again without the warm-up: the one with a budget that counts it. */
const WARM_UP_ROUTE = '/mint'

const buildDir = mkdtempSync(join(tmpdir(), 'chainellation-baseline-'))
let stack: Stack | undefined
let baseline: StaticServer | undefined
let browser: Browser | undefined
const report: FrontendReport = {
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    chromium: '',
    node: process.version,
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
  },
  lighthouseVersion: (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version,
  runs: RUNS,
  cpuThrottlingRate: CPU_THROTTLING_RATE,
  ours: null,
  baseline: null,
  errors,
}

try {
  log('starting our production stack and building the baseline starter (bench/baseline) side by side')
  const [ours, starter] = await Promise.all([
    attempt('ours: production stack', startOurs),
    attempt('baseline: build and serve', async () => {
      await buildBaseline(join(buildDir, 'dist'))
      return serveStatic(join(buildDir, 'dist'))
    }),
  ])
  if (!failed(ours)) {
    stack = ours
    const s = ours
    await attempt('ours: mint sky #1', () => mintFirstSky(s))
  }
  if (!failed(starter)) baseline = starter
  const sites: Site[] = []
  if (stack) sites.push({ name: 'ours', url: stack.webUrl, routes: OUR_ROUTES, lighthouseRoutes: KEY_ROUTES })
  if (baseline) sites.push({ name: 'baseline', url: baseline.url, routes: ['/'], lighthouseRoutes: ['/'] })
  const reports = new Map<Site['name'], SiteReport>()
  for (const site of sites) {
    reports.set(site.name, {
      url: site.url,
      routes: [],
      lighthouse: {},
      connect: { runs: [], median: null },
      connectSettled: { runs: [], median: null },
    })
  }

  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
  report.machine.chromium = browser.version()
  const b = browser

  for (const site of runs('scripts') ? sites : []) {
    for (const route of site.routes) {
      const figures = await attempt(`${site.name} ${route}: scripts and hosts`, () => measureRoute(b, site.url, route))
      if (failed(figures)) continue
      reports.get(site.name)?.routes.push(figures)
      log(
        `${site.name} ${route}: JS in the HTML ${formatValue(figures.jsInHtmlBytes, 'bytes')}, ` +
          `before first paint ${formatValue(figures.jsBeforePaintBytes, 'bytes')} ` +
          `(FCP ${formatValue(figures.fcpMs, 'ms')}), after load ${formatValue(figures.jsAfterLoadBytes, 'bytes')}` +
          `${figures.networkIdle ? '' : ' (network never idle)'}; third-party hosts: ${figures.thirdPartyHosts.join(', ') || 'none'}`,
      )
      // What our warm-up of the wallet stack and kit added to the page's scripts: the same page again, asked by the
      // browser to save data, which skips the warm-up (docs/decisions/first-use.md).
      if (site.name === 'ours' && route === WARM_UP_ROUTE) {
        const saving = await attempt(`${site.name} ${route}: scripts without the warm-up`, () =>
          measureRoute(b, site.url, route, { saveData: true }),
        )
        const rep = reports.get(site.name)
        if (failed(saving) || !rep) continue
        rep.warmUp = warmUpFigures(figures, saving)
        log(
          `${site.name} ${route}: without the warm-up (save data) ${formatValue(saving.jsAfterLoadBytes, 'bytes')}; ` +
            `the warm-up added ${formatValue(rep.warmUp.addedBytes, 'bytes')} in ${rep.warmUp.added.length} scripts: ` +
            rep.warmUp.added.map((added) => `${added.url} ${formatValue(added.gzipBytes, 'bytes')}`).join(', '),
        )
      }
    }
  }

  // Runs alternate between the sites, so a change in the machine's load falls on both. A press as soon as the
  // button is usable, and one 3 s after navigation, as a person who read the page first makes it.
  for (let run = 1; run <= RUNS; run++) {
    for (const site of sites) {
      for (const settled of [false, true].filter((s) => runs(s ? 'settled' : 'connect'))) {
        const result = await attempt(`${site.name}: connect${settled ? ' settled' : ''} run ${run}`, () =>
          measureConnect(b, site.url, CPU_THROTTLING_RATE, settled ? { settleMs: SETTLE_MS } : {}),
        )
        const rep = reports.get(site.name)
        ;(settled ? rep?.connectSettled : rep?.connect)?.runs.push(result)
        if (!failed(result)) {
          log(
            `${site.name} connect${settled ? ` at ${SETTLE_MS} ms` : ''} ${run}/${RUNS} at ${CPU_THROTTLING_RATE}× CPU: ` +
              `usable ${result.connectVisibleMs} ms, pressed ${result.pressMs} ms, answered in ` +
              `${result.pressFeedbackMs} ms, modal ${result.connectModalMs} ms (${result.pressToModalMs} ms after the press)`,
          )
        }
      }
    }
  }
  await browser.close()
  browser = undefined

  for (let run = 1; run <= (runs('lighthouse') ? RUNS : 0); run++) {
    for (const route of KEY_ROUTES) {
      for (const site of sites) {
        if (!site.lighthouseRoutes.includes(route)) continue
        const result = await attempt(`${site.name} ${route}: Lighthouse run ${run}`, () =>
          runLighthouseRetrying(new URL(route, site.url).href, (error) =>
            log(`${site.name} ${route} Lighthouse ${run}/${RUNS}: ${error.message.split('\n')[0]}; once more`),
          ),
        )
        const rep = reports.get(site.name)
        if (!rep) continue
        rep.lighthouse[route] ??= { runs: [], median: null, flagged: [] }
        const lh = rep.lighthouse[route]
        if (failed(result)) {
          lh.runs.push(result)
          continue
        }
        const { run: figures, flagged } = result
        lh.runs.push(figures)
        lh.flagged = [...new Set([...lh.flagged, ...flagged])].sort()
        log(
          `${site.name} ${route} Lighthouse ${run}/${RUNS}: ${figures.score}, LCP ${figures.lcpMs} ms, ` +
            `TBT ${figures.tbtMs} ms; accessibility ${figures.accessibility}, best practices ` +
            `${figures.bestPractices}, SEO ${figures.seo}${flagged.length ? ` (failed: ${flagged.join(', ')})` : ''}`,
        )
      }
    }
  }

  for (const [name, rep] of reports) {
    for (const lh of Object.values(rep.lighthouse)) lh.median = medianOf<LighthouseRun>(lh.runs)
    rep.connect.median = medianOf(rep.connect.runs)
    if (rep.connectSettled) rep.connectSettled.median = medianOf(rep.connectSettled.runs)
    report[name] = rep
  }
} catch (error) {
  errors.push(messageOf(error))
  log(`FAILED ${messageOf(error)}`)
} finally {
  await browser?.close().catch(() => {})
  await baseline?.close()
  await stack?.stop()
  rmSync(buildDir, { recursive: true, force: true })
}

report.machine.loadAverageAtEnd = loadavg().map((l) => Math.round(l * 100) / 100)
writeReport('frontend', report)
log(`done in ${((Date.now() - startedAt) / 1000).toFixed(0)} s; ${errors.length} errors (${reportPath('frontend')})`)
process.exit(errors.length ? 1 : 0)
