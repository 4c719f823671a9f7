import { chainellationAbi } from '@chainellation/contracts'
import { signInModal } from '@chainellation/e2e/app'
import { rpcAt } from '@chainellation/e2e/chain'
import { ANVIL_ACCOUNTS, TestWallet } from '@chainellation/e2e/test-wallet'
import { LOCAL_PRICES, type Stack } from '@chainellation/scripts/stack'
import type { Browser, BrowserContextOptions, Page } from '@playwright/test'
import { createPublicClient, encodeFunctionData, type Hex, http, toHex } from 'viem'
import { writeReport } from '../reports'
import { percentile } from '../units'
import { type FloorPlan, measureFloor, type SentRequest, watchFloorRequests, wavesOf } from './stargaze-floor'
import { describeMachine, KEEP_NAMES_SHIM, type Machine, machineOf, withStackAndBrowser } from './support'

/**
 * /stargaze on the real stack (production build, served by the API), in headless Chromium: how long a returning
 * player with 100 skies waits for the first 24 and for all 100 cards to show their chain-drawn images, scrolling
 * as they load, and how many JSON-RPC requests that costs; the same for 24 cards of the public gallery.
 */

const TARGET_FIRST_REQUESTS = 3
const VIEWPORT = { width: 1280, height: 800 }
const SKIES = 100
const FIRST = 24
const RUNS = 5
const COLLECTOR = ANVIL_ACCOUNTS[6]
const PHASE_TIMEOUT_MS = 60_000

/** One navigation, in a fresh browser context; times in ms from its start. */
type Run = {
  /** When the first 24 cards were all in the page, images or not. */
  cardsMs: number
  /** When the first 24 cards' images had all loaded, and the requests for the cards sent until then. */
  firstMs: number
  firstRequests: number
  /** The same for every card, scrolling on (your skies only). */
  allMs?: number
  allRequests?: number
  /**
   * Reads of the connected account's code (`eth_getCode`) by the end, not counted above: the page asks once whether
   * the game pays the account's gas (docs/decisions/sponsored-writes.md), as `e2e/tests/stargaze.spec.ts` counts it.
   */
  accountReads: number
  /** Each request to the chain: method, target, selector and calldata size; `(after 24)` once those showed. */
  requests: string[]
  /** The same requests as the page's resource timing saw them: when each was sent and answered. */
  rpcTimeline: { startMs: number; endMs: number }[]
  /** What the floor sends again and shows for the first cards (stargaze-floor.ts). */
  floorPlan: FloorPlan
}

/** A run as the report keeps it: without the floor's plan, whose calldata is ten times the rest of the report. */
type ReportedRun = Omit<Run, 'floorPlan'>
const reported = (runs: Run[]): ReportedRun[] => runs.map(({ floorPlan: _, ...run }) => run)

type Figures = { cards: number; medianMs: number; runsMs: number[]; maxRequests: number; runsRequests: number[] }

type FirstFigures = Figures & {
  targetRequests: number
  cardsMedianMs: number
  /** The floor (stargaze-floor.ts): the same requests and pictures in a bare page, a run after each of the app's. */
  floor: { medianMs: number; runsMs: number[] }
}

export type StargazeBenchReport = {
  machine: Machine
  viewport: typeof VIEWPORT
  cpuThrottling: 'none'
  setup: { account: string; skies: number; mintMs: number; how: string }
  runs: number
  yourSkies: { first: FirstFigures; all: Figures; runs: ReportedRun[] }
  gallery: { first: FirstFigures; runs: ReportedRun[] }
}

/**
 * Mints `count` skies for `to`, sent back to back (anvil assigns the nonces and mines each as it comes) and waiting
 * only for the last receipt: about 0.6 s for 100 here, against 0.85 s waiting for each receipt.
 */
async function mintSkies(stack: Stack, to: `0x${string}`, count: number) {
  const client = createPublicClient({ transport: http(stack.rpcUrl) })
  const address = stack.deployment.contracts.Chainellation as `0x${string}`
  const startedAt = performance.now()
  let last: Hex | undefined
  for (let i = 0; i < count; i++) {
    const data = encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [0] })
    last = (await rpcAt(stack.rpcUrl)('eth_sendTransaction', [
      { from: to, to: address, data, value: toHex(LOCAL_PRICES.basePrice) },
    ])) as Hex
  }
  if (last) await client.waitForTransactionReceipt({ hash: last, pollingInterval: 50 })
  const mintMs = Math.round(performance.now() - startedAt)
  const held = await client.readContract({ address, abi: chainellationAbi, functionName: 'balanceOf', args: [to] })
  if (held !== BigInt(count)) throw new Error(`${to} holds ${held} skies after ${count} mints`)
  return mintMs
}

/** Records, in the page, when each card image (`Night sky #N`) has loaded, on the page's clock. */
function recordImageLoads() {
  const loads: Record<string, number> = {}
  Object.assign(window, { __skyImageLoads: loads })
  document.addEventListener(
    'load',
    (event) => {
      const img = event.target
      if (!(img instanceof HTMLImageElement) || !/^Night sky #\d+$/.test(img.alt) || img.naturalWidth === 0) return
      loads[img.alt] ??= performance.now()
    },
    // Load events do not bubble: heard on the way down.
    true,
  )
}

/**
 * Scrolls the way a player who waits for the images would: each frame, the first of the first `count` cards still
 * without its image is scrolled just into view, until all `count` have theirs. Returns, in ms since the navigation
 * began, when the cards were first all in the page and when the last of their images had loaded.
 */
function showCards({ count, timeoutMs }: { count: number; timeoutMs: number }) {
  const loads = (window as unknown as { __skyImageLoads: Record<string, number> }).__skyImageLoads
  const imageOf = (card: Element) => {
    const alt = card.getAttribute('aria-label') ?? ''
    const img = card.querySelector<HTMLImageElement>(`img[alt="${alt}"]`)
    return { alt, loaded: !!img && img.complete && img.naturalWidth > 0 }
  }
  const deadline = performance.now() + timeoutMs
  let cardsMs: number | undefined
  let scrolledTo: Element | undefined
  return new Promise<{ cardsMs: number; loadedMs: number }>((resolve, reject) => {
    const step = () => {
      const cards = Array.from(document.querySelectorAll('article[aria-label^="Night sky #"]')).slice(0, count)
      if (cards.length === count) {
        cardsMs ??= performance.now()
        const images = cards.map(imageOf)
        const pending = images.findIndex((image) => !image.loaded)
        if (pending === -1) {
          const now = performance.now()
          resolve({ cardsMs, loadedMs: Math.max(...images.map((image) => loads[image.alt] ?? now)) })
          return
        }
        // Once per card: scrolling (a forced layout) every frame would take the page's time from it.
        const card = cards[pending]
        if (card && card !== scrolledTo) {
          card.scrollIntoView({ block: 'nearest' })
          scrolledTo = card
        }
      }
      if (performance.now() > deadline) {
        reject(
          new Error(`${count} cards with their images did not show within ${timeoutMs} ms (${cards.length} cards)`),
        )
        return
      }
      requestAnimationFrame(step)
    }
    step()
  })
}

/** The page's JSON-RPC requests over HTTP to the chain, each summed up as method, target, selector and size. */
function watchRpc(page: Page, rpcUrl: string) {
  const requests: string[] = []
  page.on('request', (req) => {
    if (!req.url().startsWith(rpcUrl)) return
    let summary = '?'
    try {
      const body = JSON.parse(req.postData() ?? '{}') as { method?: string; params?: unknown[] }
      const [first] = body.params ?? []
      const call = typeof first === 'object' ? (first as { to?: string; data?: string } | null) : undefined
      summary =
        typeof first === 'string'
          ? `${body.method} ${first}`
          : `${body.method} ${call?.to ?? ''} ${call?.data?.slice(0, 10) ?? ''} (${call?.data?.length ?? 0} chars)`
    } catch {}
    requests.push(summary)
  })
  return requests
}

const isAccountRead = (request: string) => request.startsWith('eth_getCode ')
const forCards = (requests: string[]) => requests.filter((r) => !isAccountRead(r)).length

type Cookies = NonNullable<Exclude<BrowserContextOptions['storageState'], string | undefined>>['cookies']

/** A browser context of its own: nothing cached, nothing stored but the given cookies. */
async function freshContext(browser: Browser, stack: Stack, cookies: Cookies = []) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    baseURL: stack.webUrl,
    storageState: { cookies, origins: [] },
  })
  // Before the wallet's script and ours, which need it.
  await context.addInitScript(KEEP_NAMES_SHIM)
  return context
}

const round = (ms: number) => Math.round(ms * 10) / 10

/** The floor's plan from the requests sent for the first cards, timed on the page's clock, and their pictures' size. */
async function floorPlanOf(page: Page, sent: ReturnType<typeof watchFloorRequests>): Promise<FloorPlan> {
  const timeOrigin = await page.evaluate(() => performance.timeOrigin)
  const requests: SentRequest[] = sent.map(({ request, url, method, body }) => {
    const timing = request.timing()
    const startMs = timing.startTime - timeOrigin
    return { url, method, body, startMs, endMs: startMs + Math.max(0, timing.responseEnd) }
  })
  const imageSize = await page.evaluate(() => {
    const box = document.querySelector('article[aria-label^="Night sky #"] img')?.getBoundingClientRect()
    return { width: Math.round(box?.width ?? 0), height: Math.round(box?.height ?? 0) }
  })
  return { origin: new URL(page.url()).origin, waves: wavesOf(requests), imageSize }
}

/** The player coming back: their wallet, which remembers the site, the site's note of it, and the API's cookie. */
type Player = { wallet: TestWallet; cookies: Cookies }

/** A fresh context (the player's wallet and cookies if given), then one navigation measured. */
async function measureRun(
  browser: Browser,
  stack: Stack,
  path: string,
  player: Player | undefined,
  all: number,
): Promise<Run> {
  const context = await freshContext(browser, stack, player?.cookies)
  try {
    await context.addInitScript(recordImageLoads)
    const page = await context.newPage()
    if (player) {
      await player.wallet.install(page)
      // What the site kept of the earlier visit besides its cookies: that this wallet connected (wagmi's
      // `recentConnectorId`), as a returning player's browser holds it. Nothing else of its storage: the cards are read
      // afresh, not from the query cache that visit persisted.
      await player.wallet.rememberedBy(page)
    }
    const requests = watchRpc(page, stack.rpcUrl)
    const forFloor = watchFloorRequests(page, stack.rpcUrl)
    await page.goto(path, { waitUntil: 'commit' })
    const first = await page.evaluate(showCards, { count: FIRST, timeoutMs: PHASE_TIMEOUT_MS })
    const firstSent = requests.length
    const floorPlan = await floorPlanOf(page, forFloor.slice(0))
    let rest: { allMs: number; allRequests: number } | undefined
    if (all > FIRST) {
      const { loadedMs } = await page.evaluate(showCards, { count: all, timeoutMs: PHASE_TIMEOUT_MS })
      rest = { allMs: round(loadedMs), allRequests: forCards(requests) }
    }
    // Measured under the modal, the scrolling would be no player's.
    if (player && (await signInModal(page).isVisible())) throw new Error('the sign-in modal covered the page')
    const rpcTimeline = await page.evaluate(
      (url) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.name.startsWith(url))
          .map((entry) => ({ startMs: Math.round(entry.startTime), endMs: Math.round(entry.responseEnd) })),
      stack.rpcUrl,
    )
    return {
      cardsMs: round(first.cardsMs),
      firstMs: round(first.loadedMs),
      firstRequests: forCards(requests.slice(0, firstSent)),
      ...rest,
      accountReads: requests.filter(isAccountRead).length,
      requests: requests.map((r, i) => (i < firstSent ? r : `(after ${FIRST}) ${r}`)),
      rpcTimeline,
      floorPlan,
    }
  } finally {
    await context.close()
  }
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )

function figures(cards: number, runsMs: number[], requests: number[]): Figures {
  return { cards, medianMs: median(runsMs), runsMs, maxRequests: Math.max(...requests), runsRequests: requests }
}

/** The first 24 cards' figures, and when the cards themselves were in the page. */
const firstFigures = (runs: Run[], floorMs: number[]): FirstFigures => ({
  ...figures(
    FIRST,
    runs.map((r) => r.firstMs),
    runs.map((r) => r.firstRequests),
  ),
  targetRequests: TARGET_FIRST_REQUESTS,
  cardsMedianMs: median(runs.map((r) => r.cardsMs)),
  floor: { medianMs: median(floorMs), runsMs: floorMs },
})

function printReport(r: StargazeBenchReport) {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  const line = (name: string, f: Figures, target?: number) =>
    `${name.padEnd(38)}  ${s(f.medianMs).padStart(7)}   ${f.runsMs.map(s).join(', ').padEnd(44)}  ` +
    `${f.runsRequests.join(', ')}${target === undefined ? '' : `   target ≤ ${target}`}`
  const timeline = (run: ReportedRun | undefined) =>
    run?.rpcTimeline.map((t) => `${s(t.startMs)} → ${s(t.endMs)}`).join(', ') ?? ''
  const lines = [
    `stargaze page, headless Chromium ${r.machine.chromium}, ${r.viewport.width}×${r.viewport.height}, no throttling`,
    describeMachine(r.machine),
    `${r.setup.skies} skies minted for ${r.setup.account} in ${s(r.setup.mintMs)} (${r.setup.how})`,
    '',
    `${'from navigation, fresh context'.padEnd(38)}   median   ${`each of ${r.runs} runs`.padEnd(44)}  JSON-RPC requests for the cards`,
    line(`your skies, ${FIRST} cards with images`, r.yourSkies.first, r.yourSkies.first.targetRequests),
    line(`your skies, ${r.yourSkies.all.cards} cards with images`, r.yourSkies.all),
    line(`everyone’s skies, ${FIRST} cards with images`, r.gallery.first, r.gallery.first.targetRequests),
    `the floor, the same requests and ${FIRST} pictures in a bare page, a run after each of the app's: your skies ` +
      `${s(r.yourSkies.first.floor.medianMs)} (${r.yourSkies.first.floor.runsMs.map(s).join(', ')}, ` +
      `×${(r.yourSkies.first.medianMs / r.yourSkies.first.floor.medianMs).toFixed(2)}); everyone’s ` +
      `${s(r.gallery.first.floor.medianMs)} (${r.gallery.first.floor.runsMs.map(s).join(', ')}, ` +
      `×${(r.gallery.first.medianMs / r.gallery.first.floor.medianMs).toFixed(2)})`,
    '',
    `besides the cards' requests, reads of the account's code (who pays its gas), each run: your skies ` +
      `${r.yourSkies.runs.map((run) => run.accountReads).join(', ')}; everyone’s ` +
      `${r.gallery.runs.map((run) => run.accountReads).join(', ')}`,
    `${FIRST} cards in the page (images or not), median: your skies ${s(r.yourSkies.first.cardsMedianMs)}, ` +
      `everyone’s ${s(r.gallery.first.cardsMedianMs)}`,
    `requests of run 1, sent → answered: your skies ${timeline(r.yourSkies.runs[0])}`,
    `${' '.repeat(36)}everyone’s skies ${timeline(r.gallery.runs[0])}`,
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
}

await withStackAndBrowser(async (stack, browser) => {
  const machine = machineOf(browser)
  const mintMs = await mintSkies(stack, COLLECTOR, SKIES)

  // A returning player, connected on an earlier visit: opened as the browser suite opens a page after connecting
  // (`openConnected` in e2e/support/app.ts), whose wallet reconnects on load, so the setup waits on no modal. The
  // wallet keeps its state here, in Node, so it remembers the site in every new context; the API's cookies, if the
  // visit left any, go along.
  const wallet = new TestWallet({ rpcUrl: stack.rpcUrl, localChainId: stack.chainId, account: COLLECTOR })
  const first = await freshContext(browser, stack)
  const page = await first.newPage()
  await wallet.install(page)
  await wallet.rememberedBy(page)
  await page.goto('/stargaze')
  // The player's own skies: shown once the wallet has reconnected.
  await page.getByRole('article').first().waitFor()
  const player = { wallet, cookies: await first.cookies() }
  await first.close()

  // Each of the app's runs, then the floor's of the same requests: in turn, so that both see the machine alike.
  const floorOf = (run: Run) => measureFloor(browser, run.floorPlan, FIRST)
  const mine: Run[] = []
  const mineFloor: number[] = []
  for (let i = 0; i < RUNS; i++) {
    mine.push(await measureRun(browser, stack, '/stargaze', player, SKIES))
    mineFloor.push(await floorOf(mine[i] as Run))
  }
  const gallery: Run[] = []
  const galleryFloor: number[] = []
  for (let i = 0; i < RUNS; i++) {
    gallery.push(await measureRun(browser, stack, '/stargaze?view=everyone', undefined, FIRST))
    galleryFloor.push(await floorOf(gallery[i] as Run))
  }

  const report: StargazeBenchReport = {
    machine,
    viewport: VIEWPORT,
    cpuThrottling: 'none',
    setup: {
      account: COLLECTOR,
      skies: SKIES,
      mintMs,
      how: 'eth_sendTransaction back to back from one anvil account, then the last receipt',
    },
    runs: RUNS,
    yourSkies: {
      first: firstFigures(mine, mineFloor),
      all: figures(
        SKIES,
        mine.map((r) => r.allMs ?? NaN),
        mine.map((r) => r.allRequests ?? NaN),
      ),
      runs: reported(mine),
    },
    gallery: { first: firstFigures(gallery, galleryFloor), runs: reported(gallery) },
  }
  writeReport('stargaze', report)
  process.stdout.write('\n')
  printReport(report)
  const missed = [
    report.yourSkies.first.maxRequests > TARGET_FIRST_REQUESTS &&
      `your skies: up to ${report.yourSkies.first.maxRequests} requests for ${FIRST} cards`,
    report.gallery.first.maxRequests > TARGET_FIRST_REQUESTS &&
      `everyone’s skies: up to ${report.gallery.first.maxRequests} requests for ${FIRST} cards`,
  ].filter(Boolean)
  if (missed.length) {
    process.stderr.write(`missed (target ≤ ${TARGET_FIRST_REQUESTS}): ${missed.join('; ')}\n`)
    process.exitCode = 1
  }
})
