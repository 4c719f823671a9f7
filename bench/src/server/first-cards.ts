// The browser's side of discovery at scale (`scale.ts`): how soon a player opening everyone's skies sees the first
// page of the gallery, cards and pictures, in Chromium, as the stargaze bench times it on the local stack.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '@chainellation/contracts/anvil'
import { CHROMIUM_FLAGS, chromiumPath } from '@chainellation/scripts/chromium'
import { startOne } from '@chainellation/scripts/runner'
import { chromium } from '@playwright/test'

const webDir = fileURLToPath(new URL('../../../web', import.meta.url))

const vite = () => join(dirname(createRequire(`${webDir}/package.json`).resolve('vite/package.json')), 'bin', 'vite.js')

/** Builds the web app for the local chain at `rpcUrl` into `outDir`, as the local stack's production mode does. */
export async function buildWeb(rpcUrl: string, outDir: string): Promise<void> {
  const child = spawn(process.execPath, [vite(), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: webDir,
    env: { ...process.env, VITE_LOCAL_CHAIN: 'true', VITE_LOCAL_RPC_URL: rpcUrl },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`the web app did not build (vite exited with ${code})`)
}

/**
 * Serves the web app built in `webDist` (Vite's preview server, as the local stack's preview mode), its `/api` sent
 * on to the API at `apiUrl`; resolves once it answers.
 */
export async function previewWeb(webDist: string, apiUrl: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const args = [vite(), 'preview', '--outDir', webDist, '--port', String(port), '--strictPort']
  const { stop } = await startOne(
    "the web app's preview server",
    { args, cwd: webDir, env: { API_URL: apiUrl } },
    url,
    {
      timeoutMs: 30_000,
    },
  )
  return { url, stop }
}

/**
 * In the page: waits until the first `count` cards are in it with their pictures drawn, bringing the first card still
 * without one into view as a player scrolling down would; resolves with the moment, in ms since navigation began.
 * Plain JavaScript, run as it is: the server's TypeScript knows no DOM.
 */
const FIRST_CARDS_SHOWN = `({ count, timeoutMs }) => {
  const deadline = performance.now() + timeoutMs
  let scrolledTo
  return new Promise((resolve, reject) => {
    const step = () => {
      const cards = Array.from(document.querySelectorAll('article[aria-label^="Night sky #"]')).slice(0, count)
      if (cards.length === count) {
        const pending = cards.find((card) => {
          const img = card.querySelector('img[alt="' + card.getAttribute('aria-label') + '"]')
          return !img || !img.complete || img.naturalWidth === 0
        })
        if (!pending) return resolve(performance.now())
        if (pending !== scrolledTo) {
          pending.scrollIntoView({ block: 'nearest' })
          scrolledTo = pending
        }
      }
      if (performance.now() > deadline) return reject(new Error(count + ' cards did not show (' + cards.length + ' did)'))
      requestAnimationFrame(step)
    }
    step()
  })
}`

/** Median, over `runs` fresh browser contexts, of the first 24 cards of everyone's skies shown with their pictures. */
export async function galleryFirstCardsMs(origin: string, { count = 24, runs = 3 } = {}): Promise<number> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
  try {
    const times: number[] = []
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      try {
        const page = await context.newPage()
        await page.goto(new URL('/stargaze?view=everyone', origin).href, { waitUntil: 'commit' })
        const problems: string[] = []
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text())
        })
        const args = JSON.stringify({ count, timeoutMs: 60_000 })
        try {
          times.push(Number(await page.evaluate(`(${FIRST_CARDS_SHOWN})(${args})`)))
        } catch (error) {
          // What the page showed instead, and what it logged: enough to tell why from the report.
          const shown = await page
            .locator('main')
            .textContent()
            .catch(() => null)
          const text = (shown ?? '').replace(/\s+/g, ' ').slice(0, 300)
          const message = error instanceof Error ? error.message : String(error)
          throw new Error(`${message}; the page said: ${text}; errors: ${problems.slice(0, 3).join(' | ')}`)
        }
      } finally {
        await context.close()
      }
    }
    times.sort((a, b) => a - b)
    return Math.round(times[Math.floor(times.length / 2)] ?? 0)
  } finally {
    await browser.close()
  }
}
