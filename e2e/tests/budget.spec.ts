import { gzipSync } from 'node:zlib'
import { expect, test } from '../support/fixtures'

// Budgets for the first visit to `/` in the production build (sizes and hosts only; the timings are the
// bench's). The shell and the home page paint without the wallet stack, which is warmed up once the page has loaded
// and gone quiet (web/src/lib/shell/wallet-loader/warm-up.ts marks the moment `wallet-warm-up`): what `/` loads
// before that is what it needs to paint and run.

/** `/`'s JavaScript before first paint, gzip level 9. A stock Vite + RainbowKit starter ships 282 KB. */
const HOME_JS_BUDGET = 120 * 1024

test('/ loads at most 120 KB of gzip JavaScript before its warm-up, and nothing from another host', async ({
  page,
  stack,
}) => {
  const hosts = new Set<string>()
  const scripts = new Map<string, number>()
  page.on('request', (request) => {
    if (!request.url().startsWith('data:')) hosts.add(new URL(request.url()).host)
  })
  page.on('websocket', (socket) => hosts.add(new URL(socket.url()).host))
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return
    const body = await response.body().catch(() => undefined)
    if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length)
  })

  await page.goto('/', { waitUntil: 'networkidle' })
  await expect(page.getByRole('heading', { level: 1, name: 'chainellation' })).toBeVisible()
  await expect(page.getByTestId('rk-connect-button')).toBeVisible()
  // The warm-up comes by itself, with no interaction: the kit says it is there.
  await expect(page.locator('html')).toHaveAttribute('data-wallet-kit', '')
  // Absence has no event to wait for: give late starters a moment.
  await page.waitForTimeout(2000)

  const before = await page.evaluate(() => {
    const warmUp = performance.getEntriesByName('wallet-warm-up', 'mark')[0]?.startTime ?? Infinity
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < warmUp)
      .map((entry) => entry.name)
  })
  expect(before.length, 'resources before the warm-up').toBeGreaterThan(0)
  const early = [...scripts].filter(([url]) => before.includes(url))
  const total = early.reduce((sum, [, bytes]) => sum + bytes, 0)
  const listing = early.map(([url, bytes]) => `${(bytes / 1024).toFixed(1)} KB ${new URL(url).pathname}`)
  expect(early.length, 'scripts before the warm-up').toBeGreaterThan(0)
  expect(scripts.size, 'the warm-up fetched the wallet stack and the kit').toBeGreaterThan(early.length)
  expect(total, `gzip JS on / before the warm-up:\n${listing.join('\n')}`).toBeLessThanOrEqual(HOME_JS_BUDGET)
  expect([...hosts]).toEqual([new URL(stack.webUrl).host])
})
