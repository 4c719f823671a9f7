import type { Page } from '@playwright/test'
import { checkEachPage } from '../support/app'
import { expect, test } from '../support/fixtures'

// The suite asks for less transparency (support/fixtures.ts); this file checks the app under both preferences.

/** The header's `backdrop-filter` and background: what shows through it from behind. */
const header = (page: Page) =>
  page.getByRole('banner').evaluate((element) => {
    const style = getComputedStyle(element)
    return { backdropFilter: style.backdropFilter, image: style.backgroundImage, color: style.backgroundColor }
  })

/** The blurred surfaces the page draws. */
const blurred = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('body *')].filter((element) => getComputedStyle(element).backdropFilter !== 'none')
        .length,
  )

/** Each preference's test goes through both (checkEachPage). */
const pages = [{ path: '/' }, { path: '/mint' }]

test.describe('with no transparency preference', () => {
  test.use({ reducedTransparency: 'no-preference' })

  test('the header and panels blur the sky behind them', async ({ page }) => {
    await checkEachPage(page, pages, async () => {
      await expect(page.getByRole('banner')).toBeVisible()
      expect((await header(page)).backdropFilter).toMatch(/^blur\(/)
      expect(await blurred(page)).toBeGreaterThan(1)
    })
  })
})

test.describe('for a person who asks for less transparency', () => {
  test.use({ reducedTransparency: 'reduce' })

  test('the header and panels are solid', async ({ page }) => {
    await checkEachPage(page, pages, async () => {
      await expect(page.getByRole('banner')).toBeVisible()
      const { backdropFilter, image, color } = await header(page)
      expect(backdropFilter).toBe('none')
      // One opaque colour: no gradient, and no alpha to let the sky through.
      expect(image).toBe('none')
      expect(color).toMatch(/^rgb\(\d+, \d+, \d+\)$/)
      expect(await blurred(page)).toBe(0)
    })
  })
})

// RainbowKit's overlay defaults to `blur(0px)`: no blur to see, but a filter the browser applies to the whole page
// behind the modal in every frame (web/src/lib/shell/wallet-stack/kit-theme.ts). The theme reads no preference, so one
// is enough to check that it has none.
test('the wallet modal’s overlay filters nothing behind it', async ({ page }) => {
  await page.goto('/')
  await page.getByTestId('rk-connect-button').click()
  await expect(page.getByRole('dialog').getByText('Connect a Wallet')).toBeVisible()
  const filtered = await page.evaluate(() =>
    [...document.querySelectorAll('[data-rk] *')]
      .map((element) => getComputedStyle(element).backdropFilter)
      .filter((filter) => filter !== 'none'),
  )
  expect(filtered).toEqual([])
})
