import type { Browser, Page, Request } from '@playwright/test'

// The floor of the stargaze figures (docs/testing.md, "Benchmarks"): the work a page of 24 cards cannot do without,
// with nothing around it. A bare page on the app's origin, in a fresh context as each of the app's runs is, sends the
// very requests the app sent for those cards (the index's page of skies through the API, the chain's reads through
// JSON-RPC, byte for byte), each after the answers it waited on, as the app did; then it shows the pictures those
// answers carry, at the size the app's cards show them, and stops when the last has loaded. What the app adds to that
// (its scripts, the wallet's reconnect, its providers and its layout) is what the ratio measures.

/** One request the app sent for its first cards, as sent, and when (ms since its navigation started). */
export type SentRequest = { url: string; method: string; body: string | null; startMs: number; endMs: number }

/** The app's requests for its first cards, to send again: each wave after the answers of the one before. */
export type FloorPlan = {
  /** The app's page's origin, where the floor's page is opened: its requests go where the app's went from there. */
  origin: string
  waves: Omit<SentRequest, 'startMs' | 'endMs'>[][]
  imageSize: { width: number; height: number }
}

/** The requests of the app's a floor sends again: the index's page of skies and every read of the chain. */
export function watchFloorRequests(page: Page, rpcUrl: string) {
  const sent: { request: Request; url: string; method: string; body: string | null }[] = []
  page.on('request', (request) => {
    const url = request.url()
    if (!url.startsWith(rpcUrl) && !new URL(url).pathname.startsWith('/api/discovery/skies')) return
    sent.push({ request, url, method: request.method(), body: request.postData() })
  })
  return sent
}

/**
 * Groups the app's requests into waves: a request sent before every answer of the wave so far had come is part of it
 * (it could not have waited on them); one sent after joins a new wave, which the floor sends once the last has been
 * answered. Requests for the account's code (who pays its gas) are left out: no card waits on them.
 */
export function wavesOf(requests: SentRequest[]): FloorPlan['waves'] {
  const waves: SentRequest[][] = []
  for (const request of [...requests].sort((a, b) => a.startMs - b.startMs)) {
    if (request.body?.includes('"eth_getCode"')) continue
    const current = waves.at(-1)
    const answeredBy = current ? Math.max(...current.map((r) => r.endMs)) : 0
    if (current && request.startMs < answeredBy) current.push(request)
    else waves.push([request])
  }
  return waves.map((wave) => wave.map(({ url, method, body }) => ({ url, method, body })))
}

/**
 * Runs in the floor's page: sends the plan's waves, finds the token URIs in the chain's answers (each a
 * `data:application/json;base64,…` string inside the ABI-encoded results: read as text, not decoded), shows the first
 * `count` pictures they name and resolves, in ms since navigation, once the last has loaded.
 */
async function runFloor({ plan, count }: { plan: FloorPlan; count: number }): Promise<number> {
  const texts: string[] = []
  for (const wave of plan.waves) {
    const answers = await Promise.all(
      wave.map((r) =>
        fetch(r.url, {
          method: r.method,
          body: r.body,
          headers: r.body === null ? {} : { 'content-type': 'application/json' },
        }).then(
          (res) => res.text(),
          (error: unknown) => Promise.reject(new Error(`${r.method} ${r.url}: ${String(error)}`)),
        ),
      ),
    )
    texts.push(...answers)
  }
  const uris: string[] = []
  for (const text of texts) {
    for (const hex of text.match(/0x[0-9a-f]{130,}/gi) ?? []) {
      let bytes = ''
      for (let i = 2; i + 1 < hex.length; i += 2) bytes += String.fromCharCode(Number.parseInt(hex.slice(i, i + 2), 16))
      uris.push(...(bytes.match(/data:application\/json;base64,[A-Za-z0-9+/=]+/g) ?? []))
    }
  }
  const images = uris.slice(0, count).map((uri) => {
    const { image } = JSON.parse(atob(uri.slice(uri.indexOf(',') + 1))) as { image: string }
    const img = document.createElement('img')
    img.width = plan.imageSize.width
    img.height = plan.imageSize.height
    img.alt = ''
    img.src = image
    document.body.append(img)
    return new Promise<void>((resolve, reject) => {
      img.onload = () => resolve()
      img.onerror = () => reject(new Error('a picture did not load'))
    })
  })
  if (images.length < count) throw new Error(`the answers named ${images.length} pictures, not ${count}`)
  await Promise.all(images)
  return performance.now()
}

/**
 * The floor's page: a small file of the app's build (`routes.json`, which every build has), opened on the app's origin
 * so that it is in the same address space and under the same security policy as the app's pages, and the script that
 * runs the floor, given to the page before its document is made so that it starts as the page does, not when a
 * round trip from here reaches it. Its outcome is left on `window` for the bench to read.
 */
const FLOOR_PATH = '/routes.json'

function floorScript(plan: FloorPlan, count: number) {
  const args = JSON.stringify({ plan, count })
  return (
    `globalThis.__name = (f) => f;if (location.pathname === ${JSON.stringify(FLOOR_PATH)}) ` +
    `addEventListener('DOMContentLoaded', () => (${runFloor.toString()})(${args})` +
    '.then((ms) => { window.__floorMs = ms }, (error) => { window.__floorError = String(error) }))'
  )
}

type FloorWindow = { __floorMs?: number; __floorError?: string }

/** One run of the floor in a fresh context of `browser`: ms from navigation to the last of `count` pictures. */
export async function measureFloor(browser: Browser, plan: FloorPlan, count: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    await context.addInitScript({ content: floorScript(plan, count) })
    const page = await context.newPage()
    await page.goto(new URL(FLOOR_PATH, plan.origin).href, { waitUntil: 'commit' })
    const outcome = await page.waitForFunction(() => {
      const w = window as FloorWindow
      return w.__floorMs !== undefined || w.__floorError !== undefined
        ? { ms: w.__floorMs, error: w.__floorError }
        : null
    })
    const { ms, error } = (await outcome.jsonValue()) as { ms?: number; error?: string }
    if (ms === undefined) throw new Error(`the floor's page failed: ${error}`)
    return Math.round(ms * 10) / 10
  } finally {
    await context.close()
  }
}
