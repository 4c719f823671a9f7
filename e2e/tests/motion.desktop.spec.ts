import type { Page } from '@playwright/test'
import { expect, test } from '../support/fixtures'

// The suite runs with reduced motion (see playwright.config.ts); this file checks the app under both preferences.

/** Names of the CSS animations running endlessly in the page. */
const endless = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY)
      .map((a) => (a as CSSAnimation).animationName),
  )

for (const path of ['/', '/mint']) {
  test.describe(`${path} with no motion preference`, () => {
    test.use({ reducedMotion: 'no-preference' })

    test('the star field behind the page twinkles', async ({ page }) => {
      await page.goto(path)
      // CSS modules give each animation a name of its own: `_twinkle_<hash>_<line>`.
      await expect.poll(async () => (await endless(page)).some((name) => /twinkle/.test(name))).toBe(true)
    })
  })

  test.describe(`${path} for a person who asks for less motion`, () => {
    test.use({ reducedMotion: 'reduce' })

    test('nothing moves endlessly once the page is read', async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('banner')).toBeVisible()
      // A busy indicator still turns, slowly, while something is on its way: that is progress, not decoration.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
      expect(await endless(page)).toEqual([])
    })
  })
}

/** What moves in RainbowKit's open connect modal: the CSS animations and transitions its elements declare. */
const modalMotion = (page: Page) =>
  page.getByRole('dialog').evaluate((dialog) =>
    [dialog, ...dialog.querySelectorAll('*')].flatMap((element) => {
      const style = getComputedStyle(element)
      const transition = style.transitionDuration.split(',').some((d) => Number.parseFloat(d) > 0)
      return [
        ...(style.animationName === 'none' ? [] : [`${element.tagName} animation ${style.animationName}`]),
        ...(transition ? [`${element.tagName} transition ${style.transitionProperty}`] : []),
      ]
    }),
  )

for (const [preference, moves] of [
  ['no-preference', true],
  ['reduce', false],
] as const) {
  test.describe(`RainbowKit’s connect modal with reducedMotion: ${preference}`, () => {
    test.use({ reducedMotion: preference })

    test(moves ? 'slides in' : 'opens still', async ({ page }) => {
      await page.goto('/')
      await page.getByTestId('rk-connect-button').click()
      await expect(page.getByRole('dialog').getByText('Connect a Wallet')).toBeVisible()
      if (moves) expect(await modalMotion(page)).not.toEqual([])
      else expect(await modalMotion(page)).toEqual([])
    })
  })
}
