import type { Page } from '@playwright/test'
import { appReady, holdAppEntry, isWide } from '../support/app'
import { expect, test } from '../support/fixtures'

// The build writes the HTML of the home page and of the game areas' pages; React takes it over in the browser.

/** Errors React reports when the page's HTML and its first render disagree, and any other uncaught one. */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#41[89]|#42[0-9]/i.test(message.text())) {
      errors.push(`${page.url()}: ${message.text()}`)
    }
  })
  return errors
}

test.describe('without any script', () => {
  test.use({ javaScriptEnabled: false })

  test('the home page is whole: title, the way in, the connect button and the footer', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'chainellation' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Mint your sky' })).toHaveAttribute('href', '/mint')
    await expect(page.getByTestId('rk-connect-button')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
  })

  test('a game area shows its own page, its link current, and what it reads from the chain loading', async ({
    page,
  }) => {
    for (const [path, name, heading, loading] of [
      ['/mint', 'mint', 'Mint a night sky', 'Reading supply and price from the chain…'],
      ['/stargaze', 'Stargaze', 'Stargaze', 'Loading…'],
      ['/compose', 'Compose', 'Compose', 'Loading…'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: loading })).toBeVisible()
      await expect(page.getByTestId('rk-connect-button')).toBeVisible()
      if (isWide(page)) {
        const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' })
        await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
      }
    }
  })

  test("a sky's page is its own, with its number, and any other page is the shell loading", async ({ page }) => {
    // A number no test mints: the API finds no sky to write in, and the page is the one that reads it itself.
    await page.goto('/sky/987654')
    await expect(page.getByRole('heading', { level: 1, name: 'Night sky #987654', exact: true })).toBeVisible()
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Reading the sky' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Compose it' })).toHaveAttribute('href', '/compose/987654')
    await page.goto('/draft/abc')
    await expect(page.getByRole('main').getByRole('heading')).toHaveCount(0)
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading…')
  })
})

test('React takes over each written page without a mismatch, and the page works', async ({ page }) => {
  const errors = collectErrors(page)
  await page.goto('/')
  await appReady(page)
  await page.getByRole('link', { name: 'Mint your sky' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Mint a night sky' })).toBeVisible()
  for (const [path, heading] of [
    ['/mint', 'Mint a night sky'],
    ['/stargaze', 'Stargaze'],
    ['/compose', 'Compose'],
    ['/sky/1', /#1\b/],
    ['/activity', 'Activity'],
    ['/leaderboard?by=gazes', 'Leaderboard'],
  ] as const) {
    await page.goto(path)
    await appReady(page)
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading)
  }
  await page.goto('/')
  await appReady(page)
  await page.waitForLoadState('networkidle')
  expect(errors).toEqual([])
})

test("a press on connect before the app's script has run opens the connect modal once it has", async ({ page }) => {
  const errors = collectErrors(page)
  const entry = await holdAppEntry(page)
  await page.goto('/', { waitUntil: 'commit' })
  const button = page.getByTestId('rk-connect-button')
  await expect(button).toBeVisible()
  expect(entry.path(), 'the page names its entry script').toMatch(/^\/assets\/.+\.js$/)
  // Pressed the moment it shows: the boot script is inline in the head, so it has run before the page has a control
  // to press, where a script of its own file, async or deferred, could run after the button was pressed.
  expect(await page.evaluate(() => document.querySelector('head > script[data-entry]:not([src])') !== null)).toBe(true)
  await button.click()
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false)
  await expect(page.locator('html')).toHaveAttribute('data-connect-requested', '')
  // The press shows at once: a turning ring before the label, until the modal opens.
  expect(await button.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('""')

  entry.release()
  await expect(page.getByRole('dialog').getByText('Connect a Wallet')).toBeVisible()
  await expect(page.locator('html')).not.toHaveAttribute('data-connect-requested')
  expect(errors).toEqual([])
})

test('once the page has gone quiet the wallet kit is there, and a press shows at once, then the connect modal', async ({
  page,
}) => {
  const errors = collectErrors(page)
  await page.goto('/')
  // Warmed up with no interaction.
  await expect(page.locator('html')).toHaveAttribute('data-wallet-kit', '')
  expect(await page.evaluate(() => performance.getEntriesByName('wallet-warm-up', 'mark').length)).toBe(1)
  // Record the frames after the press: the first painted one shows the busy ring, the modal comes after it.
  const button = page.getByTestId('rk-connect-button')
  await button.evaluate((el) => {
    const seen: string[] = []
    ;(window as unknown as { seen: string[] }).seen = seen
    el.addEventListener('click', () => {
      const look = () => {
        const busy = el.hasAttribute('data-busy') || document.documentElement.hasAttribute('data-connect-requested')
        // RainbowKit's dialog (the side menu is a dialog too, always in the page).
        const modal = document.querySelector('[data-rk][role="dialog"]') !== null
        seen.push(modal ? 'modal' : busy ? 'busy' : 'nothing')
        if (!modal) requestAnimationFrame(look)
      }
      requestAnimationFrame(look)
    })
  })
  await button.click()
  await expect(page.getByRole('dialog').getByText('Connect a Wallet')).toBeVisible()
  // The modal is in the page before the frame that paints it: the recording ends with that frame's callback, which
  // may come after the modal was found.
  const seen = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen)
  await expect.poll(async () => (await seen()).at(-1)).toBe('modal')
  expect((await seen())[0]).toBe('busy')
  await expect(page.locator('html')).not.toHaveAttribute('data-connect-requested')
  expect(errors).toEqual([])
})
