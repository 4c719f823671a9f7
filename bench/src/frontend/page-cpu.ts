// What one page load costs Chromium, thread by thread, as the end-to-end suite loads pages: its headless shell, flags
// and media preferences, a fresh context a load. The browser suite's CPU is mostly Chromium's, and that is mostly page
// loads (docs/decisions/platform.md, "What a page load costs"), so a change meant to make the suite cheaper can be
// tried here first, on a few dozen loads rather than a whole run.
//   node --import tsx src/frontend/hold-stack.ts               # prints the origin of a production stack it holds
//   node --import tsx src/frontend/page-cpu.ts <origin> [rounds]
// PAGE_CPU_PATHS (`/,/mint,/sky/1`) sets the pages, PAGE_CPU_FLAGS (`|`-separated) adds Chromium flags, PAGE_CPU_CSS adds a
// stylesheet to each page once its HTML is parsed (a style change tried without a build; the first paint has gone
// before it, so compare a build's own change with this same rule forced back, not with nothing). PAGE_CPU_ONE_PAGE=1
// loads every page in one page of one context, as a test that visits several pages does: against the default, what a
// fresh context and its cold first load add. PAGE_CPU_TILES=1 traces each load as well and adds, by page, the time the
// renderer's worker threads spent drawing the page's tiles (on the CPU, without a GPU): what a change to how a page is
// painted moves (docs/decisions/platform.md); the tracing adds to the CPU figures, so compare like with like. The
// first round is not counted: it meets a server that is still cold. Linux only (it reads /proc).
import {
  CHROMIUM_FLAGS,
  emulateSuitePreferences,
  headlessShellPath,
  playwrightFlagsToDrop,
} from '@chainellation/scripts/chromium'
import { procCommandLine, procStats, threadStats } from '@chainellation/scripts/proc'
import { type CDPSession, chromium, type Page } from '@playwright/test'

const [origin = '', roundsArg = '4'] = process.argv.slice(2)
if (!origin) throw new Error('usage: page-cpu.ts <origin> [rounds]')
const ROUNDS = Number(roundsArg)
const PATHS = (process.env.PAGE_CPU_PATHS ?? '/,/mint,/sky/1').split(',')
const EXTRA_FLAGS = (process.env.PAGE_CPU_FLAGS ?? '').split('|').filter(Boolean)
const EXTRA_CSS = process.env.PAGE_CPU_CSS
const TILES = process.env.PAGE_CPU_TILES === '1'
/** Chromium's trace events of drawing tiles: the display list played into a tile's buffer. */
const TILE_EVENTS = new Set(['DisplayItemList::Raster', 'ZeroCopyRasterBuffer::Playback'])
/** After the load event, what a page does next (its islands, the wallet stack's warm-up) is part of its cost. */
const SETTLE_MS = 2500

/** CPU ms of every Chromium thread now alive, by process type and thread name (`renderer/Compositor`). */
function chromiumThreads(): Map<string, number> {
  const byThread = new Map<string, number>()
  for (const { pid } of procStats()) {
    const command = procCommandLine(pid)
    if (!command || !/chrom/.test(command.split(' ')[0] ?? '')) continue
    const type = /--type=([\w-]+)/.exec(command)?.[1] ?? 'browser'
    const service = /--utility-sub-type=[\w.]*\.(\w+)/.exec(command)?.[1]
    for (const thread of threadStats(pid)) {
      // The main thread bears the process's own name; the others carry a number when there are several of a kind
      // (ThreadPoolForegroundWorker1, …).
      const name = thread.pid === pid ? 'main' : thread.comm.replace(/\d+$/, '')
      const key = `${service ? `${type}:${service}` : type}/${name}`
      byThread.set(key, (byThread.get(key) ?? 0) + thread.cpuSeconds * 1000)
    }
  }
  return byThread
}

/** Runs in the page, before its scripts: adds `css` once the document is parsed. */
function addStylesheet(css: string) {
  document.addEventListener('DOMContentLoaded', () => {
    const sheet = document.createElement('style')
    sheet.textContent = css
    document.head.append(sheet)
  })
}

const browser = await chromium.launch({
  executablePath: headlessShellPath(),
  args: [...CHROMIUM_FLAGS, ...EXTRA_FLAGS],
  ignoreDefaultArgs: playwrightFlagsToDrop(),
})
const total = new Map<string, number>()
/** Ms spent drawing tiles, by page (PAGE_CPU_TILES). */
const tiles = new Map<string, number>()
const requests = new Map<string, number>()
let counted = false

/** A fresh context and its page, prepared as the suite's fixtures prepare them (e2e/support/fixtures.ts). */
async function freshPage() {
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await emulateSuitePreferences(await context.newCDPSession(page), {
    reducedTransparency: 'reduce',
    reducedMotion: 'reduce',
  })
  if (EXTRA_CSS) await page.addInitScript(addStylesheet, EXTRA_CSS)
  page.on('request', (request) => {
    if (counted) requests.set(request.resourceType(), (requests.get(request.resourceType()) ?? 0) + 1)
  })
  return page
}

type TraceEvent = { name: string; ph: string; ts: number; tid: number; dur?: number; tdur?: number }
type Trace = { session: CDPSession; events: TraceEvent[]; done: Promise<void> }

/** Starts Chromium's tracing of `page`'s paint work (the `cc` category holds the drawing of tiles). */
async function startTrace(page: Page): Promise<Trace> {
  const session = await page.context().newCDPSession(page)
  const events: TraceEvent[] = []
  session.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])))
  const done = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()))
  await session.send('Tracing.start', { categories: 'cc', transferMode: 'ReportEvents' })
  return { session, events, done }
}

/** Ends `trace` and sums the thread time its tiles took to draw, in ms: each outermost drawing event once. */
async function tileTime({ session, events, done }: Trace): Promise<number> {
  await session.send('Tracing.end')
  await done
  await session.detach()
  const drawing = events
    .filter((e) => e.ph === 'X' && TILE_EVENTS.has(e.name))
    .sort((a, b) => a.tid - b.tid || a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  let ms = 0
  let outer: TraceEvent | undefined
  for (const e of drawing) {
    // An event inside the last outermost one on its thread is part of it (the display list played into the buffer).
    if (outer && outer.tid === e.tid && e.ts < outer.ts + (outer.dur ?? 0)) continue
    outer = e
    ms += (e.tdur ?? e.dur ?? 0) / 1000
  }
  return ms
}

const onePage = process.env.PAGE_CPU_ONE_PAGE === '1' ? await freshPage() : undefined
let loads = 0
for (let round = 0; round < ROUNDS; round++) {
  for (const path of PATHS) {
    counted = round > 0
    const before = chromiumThreads()
    const page = onePage ?? (await freshPage())
    const trace = TILES ? await startTrace(page) : undefined
    await page.goto(new URL(path, origin).href)
    await page.waitForTimeout(SETTLE_MS)
    const tileMs = trace ? await tileTime(trace) : 0
    // Read before the context closes: its renderer's threads go with it.
    const after = chromiumThreads()
    if (!onePage) await page.context().close()
    if (!counted) continue
    loads++
    tiles.set(path, (tiles.get(path) ?? 0) + tileMs)
    for (const [key, ms] of after) {
      const spent = ms - (before.get(key) ?? 0)
      if (spent > 0) total.set(key, (total.get(key) ?? 0) + spent)
    }
  }
}
await browser.close()

const perLoad = (ms: number) => Math.round(ms / loads)
const sum = [...total.values()].reduce((a, b) => a + b, 0)
process.stdout.write(`${loads} loads of ${PATHS.join(', ')}: ${perLoad(sum)} ms of Chromium CPU a load\n`)
for (const [key, ms] of [...total.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  process.stdout.write(`  ${String(perLoad(ms)).padStart(5)} ms  ${key}\n`)
}
if (TILES) {
  const rounds = loads / PATHS.length
  const byPage = PATHS.map((path) => `${path} ${Math.round((tiles.get(path) ?? 0) / rounds)} ms`).join(', ')
  process.stdout.write(`tiles drawn a load: ${byPage}\n`)
}
const asked = [...requests.entries()].map(([type, n]) => `${type} ${(n / loads).toFixed(1)}`).join(', ')
process.stdout.write(`requests a load: ${asked}\n`)
