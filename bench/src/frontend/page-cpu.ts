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
// fresh context and its cold first load add. The first round is not counted: it meets a server that is still cold.
// Linux only (it reads /proc).
import {
  CHROMIUM_FLAGS,
  emulateSuitePreferences,
  headlessShellPath,
  playwrightFlagsToDrop,
} from '@chainellation/scripts/chromium'
import { procCommandLine, procStats, threadStats } from '@chainellation/scripts/proc'
import { chromium } from '@playwright/test'

const [origin = '', roundsArg = '4'] = process.argv.slice(2)
if (!origin) throw new Error('usage: page-cpu.ts <origin> [rounds]')
const ROUNDS = Number(roundsArg)
const PATHS = (process.env.PAGE_CPU_PATHS ?? '/,/mint,/sky/1').split(',')
const EXTRA_FLAGS = (process.env.PAGE_CPU_FLAGS ?? '').split('|').filter(Boolean)
const EXTRA_CSS = process.env.PAGE_CPU_CSS
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

const onePage = process.env.PAGE_CPU_ONE_PAGE === '1' ? await freshPage() : undefined
let loads = 0
for (let round = 0; round < ROUNDS; round++) {
  for (const path of PATHS) {
    counted = round > 0
    const before = chromiumThreads()
    const page = onePage ?? (await freshPage())
    await page.goto(new URL(path, origin).href)
    await page.waitForTimeout(SETTLE_MS)
    // Read before the context closes: its renderer's threads go with it.
    const after = chromiumThreads()
    if (!onePage) await page.context().close()
    if (!counted) continue
    loads++
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
const asked = [...requests.entries()].map(([type, n]) => `${type} ${(n / loads).toFixed(1)}`).join(', ')
process.stdout.write(`requests a load: ${asked}\n`)
