// Presses connect at 4× CPU as soon as the button is usable, as `npm run frontend` does, many times, each in a fresh
// context, and counts the presses that opened no connect modal within PRESS_WAIT_MS (25 s; a press that worked opened
// it within 4-9 s here). For each such press it prints what the page was left with: the root element's marks (the
// early press, the app's and the kit's arrival), the header's connect button, the scripts of long frames, when the
// press and its click came and were handled, and the dialogs on the page. A lost press is rare
// (docs/decisions/first-use.md), so this repeats it until it shows.
//   node --import tsx src/frontend/hold-stack.ts            # prints the origin of a production stack it holds
//   node --import tsx src/frontend/repeat-press.ts <origin> [presses]
import { CHROMIUM_FLAGS, chromiumPath } from '@chainellation/scripts/chromium'
import { type BrowserContext, chromium } from '@playwright/test'
import { pressConnect, readBench } from './page-figures'

const [origin = '', pressesArg = '40'] = process.argv.slice(2)
if (!origin) throw new Error('usage: repeat-press.ts <origin> [presses]')
const PRESSES = Number(pressesArg)
const PRESS_WAIT_MS = Number(process.env.PRESS_WAIT_MS) || 25_000
const RATE = 4

/** What the page was left with after a press that opened nothing. */
async function leftWith(context: BrowserContext) {
  const page = context.pages()[0]
  if (!page) return 'no page'
  // Predicates as functions, run in the page as they are: a string would be compiled there, which the page's
  // Content-Security-Policy forbids.
  const state = await page.evaluate(() => ({
    root: [...document.documentElement.attributes].map((a) => a.name).join(' '),
    connectButtons: [...document.querySelectorAll('[data-testid="rk-connect-button"]')].map((b) =>
      b.outerHTML.slice(0, 200),
    ),
    dialogs: [...document.querySelectorAll('[role="dialog"]')].map((d) => (d.textContent ?? '').slice(0, 80)),
  }))
  // Read after the fact from the browser's buffers, so that nothing watches the page while it loads: the long
  // animation frames' scripts (the listeners that ran, the app's start) and the press's events as the page
  // handled them.
  const frames = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect()
          resolve(
            list
              .getEntries()
              .flatMap(
                (frame) =>
                  (frame as unknown as { scripts: { invoker: string; startTime: number; duration: number }[] }).scripts,
              )
              .filter((script) => script.startTime < 3000)
              .map(
                (script) =>
                  `${Math.round(script.startTime)} ms for ${Math.round(script.duration)} ms: ${script.invoker.slice(0, 90)}`,
              ),
          )
        }).observe({ type: 'long-animation-frame', buffered: true })
        setTimeout(() => resolve([]), 1000)
      }),
  )
  const handled = await page.evaluate(() =>
    performance
      .getEntriesByType('event')
      .filter((e) => ['pointerdown', 'click'].includes(e.name))
      .map(
        (e) =>
          `${e.name} handled ${Math.round((e as PerformanceEventTiming).processingStart)}-${Math.round((e as PerformanceEventTiming).processingEnd)} ms`,
      ),
  )
  const bench = await readBench(page)
  return {
    frames,
    handled,
    ...state,
    usableMs: bench.connectVisibleMs,
    pressMs: bench.pressMs,
    clickMs: bench.clickMs,
    events: bench.events.map((e) => `${e.name} at ${Math.round(e.startTime)} for ${Math.round(e.duration)} ms`),
  }
}

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
let lost = 0
try {
  for (let n = 1; n <= PRESSES; n++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const errors: string[] = []
    context.on('page', (page) => page.on('pageerror', (error) => errors.push(error.message)))
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      const page = await Promise.race([
        pressConnect(context, origin, { rate: RATE }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no modal within ${PRESS_WAIT_MS} ms`)), PRESS_WAIT_MS)
        }),
      ])
      const bench = await readBench(page)
      process.stdout.write(
        `${n}: usable ${Math.round(bench.connectVisibleMs ?? 0)} ms, pressed ${Math.round(bench.pressMs ?? 0)} ms, modal ${Math.round(bench.modalMs ?? 0)} ms\n`,
      )
    } catch (error) {
      lost++
      process.stdout.write(
        `${n}: LOST (${(error as Error).message})\n${JSON.stringify(await leftWith(context), null, 2)}\n`,
      )
      if (errors.length) process.stdout.write(`page errors:\n${errors.join('\n')}\n`)
    } finally {
      clearTimeout(timer)
      await context.close()
    }
  }
} finally {
  await browser.close()
}
process.stdout.write(`${lost} of ${PRESSES} presses opened no modal\n`)
