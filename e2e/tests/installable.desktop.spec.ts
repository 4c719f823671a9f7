import { appReady } from '../support/app'
import { expect, test } from '../support/fixtures'

// The app is installable (a Web App Manifest on every page the server sends, its icons, a service worker to register),
// and none of it changes a page until a player turns a reminder on.

/** The pages the build writes, each as the API serves it: the home page, the game areas', a sky's and the shell. */
const PAGES = ['/', '/mint', '/stargaze', '/compose', '/activity', '/leaderboard', '/sky/1', '/draft/abc']

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`
}

test('every page links the manifest, whose icons and start page are served', async ({ page, request }) => {
  for (const path of PAGES) {
    const html = await (await request.get(path)).text()
    expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest">')
    expect(html, path).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"')
  }
  const served = await request.get('/manifest.webmanifest')
  expect(served.headers()['content-type']).toBe('application/manifest+json')
  const manifest = (await served.json()) as {
    name: string
    start_url: string
    scope: string
    display: string
    theme_color: string
    icons: { src: string; sizes: string; type: string; purpose: string }[]
  }
  expect(manifest).toMatchObject({ name: 'Chainellation', start_url: '/stargaze', scope: '/', display: 'standalone' })
  // The bar of an installed app is the colour the pages ask the browser for.
  await page.goto('/stargaze')
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color)
  expect(manifest.icons.map((i) => i.purpose).sort()).toEqual(['any', 'any', 'maskable'])
  for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
    const res = await request.get(icon.src)
    expect(res.headers()['content-type'], icon.src).toBe(icon.type)
    expect(pngSize(await res.body()), icon.src).toBe(icon.sizes)
  }
  expect((await request.get(manifest.start_url)).status()).toBe(200)

  // Chromium reads the manifest as an installed app's would be read, without an error, and to the same effect.
  const cdp = await page.context().newCDPSession(page)
  const read = await cdp.send('Page.getAppManifest')
  const origin = new URL(page.url()).origin
  expect(read.url).toBe(`${origin}/manifest.webmanifest`)
  expect(read.errors).toEqual([])
  expect(read.manifest).toMatchObject({ startUrl: `${origin}/stargaze`, scope: `${origin}/` })
  expect(read.manifest?.icons?.map((icon) => icon.url)).toEqual(manifest.icons.map((icon) => `${origin}${icon.src}`))
})

test('the service worker is served as a script, and a page does not register it as it loads', async ({
  page,
  request,
}) => {
  const worker = await request.get('/sw.js')
  expect(worker.headers()['content-type']).toBe('text/javascript; charset=utf-8')
  const source = await worker.text()
  // Reminders only: it shows pushes and opens the app from them, and answers no request.
  expect(source).toContain('addEventListener(`push`')
  expect(source).toContain('addEventListener(`notificationclick`')
  expect(source).not.toMatch(/addEventListener\(.fetch./)
  expect(source).not.toContain('__WB_MANIFEST')
  // Once the app runs and the page's wallet island (the reminders' code with it) is drawn.
  await page.goto('/stargaze')
  await appReady(page)
  await expect(page.getByRole('heading', { name: 'Connect to see your skies' })).toBeVisible()
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0)
})
