import { gzipSync } from 'node:zlib'
import type { Browser, BrowserContext, CDPSession, Page, Response } from '@playwright/test'

const VIEWPORT = { width: 1280, height: 800 }
/** Playwright's `networkidle` (no request for 500 ms) can never come if a page polls; we go on after this. */
const NETWORK_IDLE_TIMEOUT_MS = 30_000

/**
 * Runs in the page before its own scripts (a string, so no bundler helper travels with it). It keeps every
 * resource timing entry, and records on the page's clock (ms since navigation start) when the connect button
 * first becomes usable, when it is first pressed (the pointerdown's own time stamp, before any wait for the main
 * thread) and clicked, and when RainbowKit's connect modal first shows. The press's Event Timing entries (W3C Event
 * Timing: from the input to the next frame painted after its handlers, as INP counts it) say when the page first
 * answered it on screen.
 *
 * It looks once a frame, when what changed can first be on screen, and not at each change of the document: a
 * MutationObserver over the whole document ran its lookups (a layout each) at every batch of the page's hydration,
 * work the page's own path to the modal then waited behind, more on a page that changes more as it hydrates
 * (docs/decisions/first-use.md). Once the button is usable it tells the bench where (`__benchUsable`, when the bench
 * listens), so that a press at once is sent then, not after the bench has waited for the page's busy main thread to
 * answer a poll and a lookup of its own.
 */
const INIT_SCRIPT = `(() => {
  globalThis.__name = globalThis.__name || ((f) => f)
  performance.setResourceTimingBufferSize(10000)
  const bench = (window.__bench = { connectVisibleMs: null, pressMs: null, clickMs: null, modalMs: null, events: [] })
  if (PerformanceObserver.supportedEntryTypes.includes('event')) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.interactionId) bench.events.push({ name: e.name, startTime: e.startTime, duration: e.duration })
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  }
  addEventListener('pointerdown', (event) => { if (bench.pressMs === null) { bench.pressMs = event.timeStamp; performance.mark('bench-press') } }, true)
  const usable = (el) => {
    if (!el || el.disabled || el.closest('[aria-hidden="true"]')) return false
    const box = el.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) return false
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false
    return getComputedStyle(el).pointerEvents !== 'none'
  }
  const visible = (el) => {
    const box = el.getBoundingClientRect()
    return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true })
  }
  const check = () => {
    if (bench.connectVisibleMs === null) {
      for (const el of document.querySelectorAll('[data-testid="rk-connect-button"]')) {
        if (usable(el)) {
          bench.connectVisibleMs = performance.now()
          const box = el.getBoundingClientRect()
          if (typeof window.__benchUsable === 'function') window.__benchUsable(box.x + box.width / 2, box.y + box.height / 2)
          break
        }
      }
    }
    if (bench.modalMs === null) {
      for (const el of document.querySelectorAll('[role="dialog"]')) {
        if ((el.textContent || '').includes('Connect a Wallet') && visible(el)) {
          bench.modalMs = performance.now()
          performance.mark('bench-modal')
          break
        }
      }
    }
    return bench.connectVisibleMs !== null && bench.modalMs !== null
  }
  const frame = () => {
    if (!check()) requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
  addEventListener('click', () => { if (bench.clickMs === null) bench.clickMs = performance.now() }, true)
  window.__benchTimeline = () => {
    const fcp = performance.getEntriesByName('first-contentful-paint', 'paint')[0]
    const resources = performance.getEntriesByType('resource').map((e) => ({ url: e.name, startTime: e.startTime }))
    return { fcpMs: fcp ? fcp.startTime : null, resources }
  }
})()`

type BenchWindow = { __bench: Bench }
export type Bench = {
  connectVisibleMs: number | null
  pressMs: number | null
  clickMs: number | null
  modalMs: number | null
  events: { name: string; startTime: number; duration: number }[]
}

/** Event Timing reports no interaction answered within 16 ms (its smallest `durationThreshold`). */
const EVENT_TIMING_FLOOR_MS = 16
type Timeline = { fcpMs: number | null; resources: { url: string; startTime: number }[] }

export type Script = {
  /** Path and query on the page's origin, or the whole URL elsewhere. */
  url: string
  gzipBytes: number
  /** When the page requested it (resource timing `startTime`), ms since navigation start; null if not in its timeline. */
  requestedMs: number | null
  beforePaint: boolean
  /** Named by the HTML itself (entry script, modulepreload): loaded whatever the code does. */
  inHtml: boolean
}

export type RouteFigures = {
  route: string
  /** First contentful paint, ms since navigation start; null when the page never painted content. */
  fcpMs: number | null
  /** Sum of gzip -9 sizes of the scripts requested before first contentful paint. */
  jsBeforePaintBytes: number | null
  /** Sum of gzip -9 sizes of the scripts the HTML names (its entry and modulepreloads): the static graph. */
  jsInHtmlBytes: number
  /** Sum of gzip -9 sizes of every script loaded by network idle + settle. */
  jsAfterLoadBytes: number
  networkIdle: boolean
  scripts: Script[]
  /** Hostnames other than the page's own it tried to reach (requests, failed or not, and WebSockets). */
  thirdPartyHosts: string[]
  thirdPartyRequests: number
  /** Content-Encoding of the document and of the scripts as the server sent them ('identity' when none). */
  encodings: { document: string; scripts: string[] }
}

const isScript = (response: Response) => {
  if (response.status() !== 200) return false
  const type = response.headers()['content-type'] ?? ''
  return (
    response.request().resourceType() === 'script' ||
    /javascript|ecmascript/.test(type) ||
    /\.m?js$/.test(new URL(response.url()).pathname)
  )
}

/** The browser asks pages to save data (`navigator.connection.saveData`), as a data saver setting does. */
const SAVE_DATA_SCRIPT = `Object.defineProperty(NetworkInformation.prototype, 'saveData', { get: () => true })`

/**
 * Opens `route` in a fresh context and waits for network idle plus `settleMs`: the scripts it loaded (gzip -9
 * of each body, so the figures do not depend on the server's compression), which of them it requested before
 * first contentful paint, and the other hosts it tried to reach. With `saveData`, the browser asks the page to save
 * data, which skips our app's warm-up of the wallet stack and kit (docs/decisions/first-use.md).
 */
export async function measureRoute(
  browser: Browser,
  origin: string,
  route: string,
  { settleMs = 3000, saveData = false }: { settleMs?: number; saveData?: boolean } = {},
) {
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    await context.addInitScript({ content: INIT_SCRIPT })
    if (saveData) await context.addInitScript({ content: SAVE_DATA_SCRIPT })
    const page = await context.newPage()
    const own = new URL(origin).hostname
    const hosts = new Map<string, number>()
    const noteUrl = (url: string) => {
      const u = new URL(url)
      if (!/^(https?|wss?):$/.test(u.protocol) || u.hostname === own) return
      hosts.set(u.hostname, (hosts.get(u.hostname) ?? 0) + 1)
    }
    context.on('request', (request) => noteUrl(request.url()))
    page.on('websocket', (ws) => noteUrl(ws.url()))
    const bodies: Promise<{ url: string; gzipBytes: number; encoding: string } | null>[] = []
    let documentEncoding = 'identity'
    let html: Promise<string> = Promise.resolve('')
    context.on('response', (response) => {
      if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) {
        documentEncoding = response.headers()['content-encoding'] ?? 'identity'
        html = response.text().catch(() => '')
      }
      if (!isScript(response)) return
      bodies.push(
        response.body().then(
          (body) => ({
            url: response.url(),
            gzipBytes: gzipSync(body, { level: 9 }).length,
            encoding: response.headers()['content-encoding'] ?? 'identity',
          }),
          () => null,
        ),
      )
    })

    await page.goto(new URL(route, origin).href, { waitUntil: 'load' })
    const networkIdle = await page
      .waitForLoadState('networkidle', { timeout: NETWORK_IDLE_TIMEOUT_MS })
      .then(() => true)
      .catch(() => false)
    await page.waitForTimeout(settleMs)
    const timeline = (await page.evaluate('window.__benchTimeline()')) as Timeline

    const requested = new Map<string, number>()
    for (const r of timeline.resources) {
      const seen = requested.get(r.url)
      if (seen === undefined || r.startTime < seen) requested.set(r.url, r.startTime)
    }
    // Tags' own scripts, and the app's entry and its imports as a boot script names them (`data-entry`,
    // `data-preload`) to fetch them after the first paint.
    const pageHtml = await html
    const named = new Set(
      [
        ...[...pageHtml.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+\.m?js)"/g)].map((m) => m[1]),
        ...[...pageHtml.matchAll(/\bdata-(?:entry|preload)="([^"]*)"/g)].flatMap((m) => (m[1] ?? '').split(' ')),
      ]
        .filter(Boolean)
        .map((url) => new URL(url ?? '', new URL(route, origin)).href),
    )
    const byUrl = new Map<string, Script>()
    const encodings = new Set<string>()
    for (const found of await Promise.all(bodies)) {
      if (!found || byUrl.has(found.url)) continue
      encodings.add(found.encoding)
      const requestedMs = requested.get(found.url) ?? null
      const u = new URL(found.url)
      byUrl.set(found.url, {
        url: u.origin === new URL(origin).origin ? `${u.pathname}${u.search}` : found.url,
        gzipBytes: found.gzipBytes,
        requestedMs: requestedMs === null ? null : Math.round(requestedMs * 10) / 10,
        beforePaint: timeline.fcpMs !== null && requestedMs !== null && requestedMs < timeline.fcpMs,
        inHtml: named.has(found.url),
      })
    }
    const scripts = [...byUrl.values()].sort((a, b) => (a.requestedMs ?? Infinity) - (b.requestedMs ?? Infinity))
    const sum = (list: Script[]) => list.reduce((total, s) => total + s.gzipBytes, 0)
    return {
      route,
      fcpMs: timeline.fcpMs === null ? null : Math.round(timeline.fcpMs),
      jsBeforePaintBytes: timeline.fcpMs === null ? null : sum(scripts.filter((s) => s.beforePaint)),
      jsInHtmlBytes: sum(scripts.filter((s) => s.inHtml)),
      jsAfterLoadBytes: sum(scripts),
      networkIdle,
      scripts,
      thirdPartyHosts: [...hosts.keys()].sort(),
      thirdPartyRequests: [...hosts.values()].reduce((a, b) => a + b, 0),
      encodings: { document: documentEncoding, scripts: [...encodings].sort() },
    } satisfies RouteFigures
  } finally {
    await context.close()
  }
}

export type ConnectRun = {
  /** ms since navigation start when the connect button was first visible and enabled. */
  connectVisibleMs: number
  /** ms since navigation start when our press (pointerdown) happened. */
  pressMs: number
  /** ms since navigation start when our click reached the page. */
  clickMs: number | null
  /** ms since navigation start when RainbowKit's connect modal was first visible. */
  connectModalMs: number
  /** From the press to RainbowKit's connect modal. */
  pressToModalMs: number
  /**
   * From the press to the first frame painted after the page handled all of it (the latest end of its pointerdown,
   * pointerup and click Event Timing entries); 16 when none took that long, Event Timing's floor.
   */
  pressFeedbackMs: number
}

export const readBench = async (page: Page) => (await page.evaluate('window.__bench')) as Bench

/** The page's timeline marks (User Timing) of the press and of the modal, for a trace of them. */
export const PRESS_MARKS = { press: 'bench-press', modal: 'bench-modal' } as const

export type PressOptions = {
  /** The CPU slowdown. */
  rate: number
  /** Press once this many ms have passed since navigation (a person who read the page first), not at once. */
  settleMs?: number
  /** Runs once the page is set up, before it navigates (e.g. to start a trace). */
  beforeNavigation?: (page: Page, cdp: CDPSession) => Promise<void>
}

/**
 * With the CPU slowed `rate` times, opens `/` at `origin` in `context`, presses the connect button — as soon as it is
 * usable, or once `settleMs` have passed since navigation — and waits for RainbowKit's connect modal; resolves with
 * the page, whose `__bench` holds the times on the page's clock.
 */
export async function pressConnect(context: BrowserContext, origin: string, options: PressOptions): Promise<Page> {
  const { rate, settleMs, beforeNavigation } = options
  await context.addInitScript({ content: INIT_SCRIPT })
  const page = await context.newPage()
  // Where the button is, from the page, in the frame it became usable: the press at once is sent from here.
  let usable = (_at: { x: number; y: number }) => {}
  const found = new Promise<{ x: number; y: number }>((resolve, reject) => {
    usable = resolve
    setTimeout(() => reject(new Error('the connect button never became usable')), 60_000).unref()
  })
  // Handled where it is awaited; a navigation that fails first leaves it to fail unheard.
  found.catch(() => {})
  await page.exposeFunction('__benchUsable', (x: number, y: number) => usable({ x, y }))
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  await beforeNavigation?.(page, cdp)
  await page.goto(new URL('/', origin).href, { waitUntil: 'commit' })
  let at = await found
  if (settleMs !== undefined) {
    // Predicates as functions, run in the page as they are: a string would be compiled there, which the page's
    // Content-Security-Policy forbids.
    await page.waitForFunction((ms) => performance.now() >= ms, settleMs, { timeout: 60_000, polling: 50 })
    // Settled, the page answers a lookup at once: where the button is now.
    const box = await page.locator('[data-testid="rk-connect-button"]:visible').first().boundingBox()
    if (box) at = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  }
  // A mouse click at the button, as a person's would be: queued until the page's main thread is free, without
  // Playwright's actionability checks, each of which would wait on that thread as well.
  await page.mouse.click(at.x, at.y)
  await page.waitForFunction(() => (globalThis as unknown as BenchWindow).__bench.modalMs !== null, undefined, {
    timeout: 60_000,
    polling: 50,
  })
  return page
}

/**
 * {@link pressConnect} in a fresh context, with the press's figures: when the button was usable, pressed and first
 * answered on screen, and when the modal showed.
 */
export async function measureConnect(
  browser: Browser,
  origin: string,
  rate = 4,
  { settleMs }: { settleMs?: number } = {},
): Promise<ConnectRun> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const page = await pressConnect(context, origin, { rate, settleMs })
    // Event Timing reports an interaction once its frame is painted: a frame or two after the modal.
    await page.waitForTimeout(500)
    const bench = await readBench(page)
    if (bench.connectVisibleMs === null || bench.modalMs === null || bench.pressMs === null) {
      throw new Error('connect timings missing')
    }
    const press = bench.pressMs
    const ours = bench.events.filter(
      (e) => ['pointerdown', 'pointerup', 'click'].includes(e.name) && e.startTime >= press - 1,
    )
    const round = (ms: number) => Math.round(ms)
    return {
      connectVisibleMs: round(bench.connectVisibleMs),
      pressMs: round(press),
      clickMs: bench.clickMs === null ? null : round(bench.clickMs),
      connectModalMs: round(bench.modalMs),
      pressToModalMs: round(bench.modalMs - press),
      pressFeedbackMs: round(Math.max(EVENT_TIMING_FLOOR_MS, ...ours.map((e) => e.startTime + e.duration - press))),
    }
  } finally {
    await context.close()
  }
}

/** What a page's warm-up of the wallet stack and kit added to the scripts it loads by network idle + settle. */
export type WarmUpFigures = {
  route: string
  /** `jsAfterLoadBytes` of the same page when the browser asks it to save data, which skips the warm-up. */
  withoutWarmUpBytes: number
  /** The scripts loaded with the warm-up and not without it, largest first, and their sum. */
  added: { url: string; gzipBytes: number }[]
  addedBytes: number
}

/** The scripts `withWarmUp` loaded that `withoutWarmUp`, the same page asked to save data, did not. */
export function warmUpFigures(withWarmUp: RouteFigures, withoutWarmUp: RouteFigures): WarmUpFigures {
  const without = new Set(withoutWarmUp.scripts.map((script) => script.url))
  const added = withWarmUp.scripts
    .filter((script) => !without.has(script.url))
    .map(({ url, gzipBytes }) => ({ url, gzipBytes }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
  return {
    route: withWarmUp.route,
    withoutWarmUpBytes: withoutWarmUp.jsAfterLoadBytes,
    added,
    addedBytes: added.reduce((total, script) => total + script.gzipBytes, 0),
  }
}
