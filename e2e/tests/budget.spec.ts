import { gzipSync } from 'node:zlib'
import { expect, test } from '../support/fixtures'

// Budgets for the first visit to `/` in the production build (sizes and hosts only; the timings are the
// bench's). The shell and the home page paint without the wallet stack, which waits for an interaction, so
// everything `/` loads untouched is what its first paint needs.

/** `/`'s JavaScript before first paint, gzip level 9. A stock Vite + RainbowKit starter ships 282 KB. */
const HOME_JS_BUDGET = 120 * 1024

test('/ loads at most 120 KB of gzip JavaScript and nothing from another host', async ({ page, stack }) => {
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
  // Absence has no event to wait for: give late starters a moment.
  await page.waitForTimeout(2000)

  const total = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0)
  const listing = [...scripts].map(([url, bytes]) => `${(bytes / 1024).toFixed(1)} KB ${new URL(url).pathname}`)
  expect(scripts.size, 'scripts seen').toBeGreaterThan(0)
  expect(total, `gzip JS on /:\n${listing.join('\n')}`).toBeLessThanOrEqual(HOME_JS_BUDGET)
  expect([...hosts]).toEqual([new URL(stack.webUrl).host])
})
