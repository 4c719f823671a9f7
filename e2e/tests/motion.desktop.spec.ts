import type { Page } from '@playwright/test'
import { checkEachPage, openConnected } from '../support/app'
import { expect, test } from '../support/fixtures'
import { mintButton } from '../support/mint-flow'

// The suite runs with reduced motion (see playwright.config.ts); this file checks the app under both preferences.

/** The CSS animations running endlessly in the page: each one's name and its keyframes' easings. */
const endless = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY)
      .map((a) => ({
        name: (a as CSSAnimation).animationName,
        easings: (a.effect as KeyframeEffect).getKeyframes().map((k) => k.easing),
      })),
  )

/** `will-change` of the star field's twinkling layers, as the page computes it: `opacity` makes each a layer of its own. */
const twinkleLayers = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('svg[class*="twinkle"]')].map((layer) => getComputedStyle(layer).willChange),
  )

/** Each test goes through both (checkEachPage). */
const pages = [{ path: '/' }, { path: '/mint' }]

test.describe('with no motion preference', () => {
  test.use({ reducedMotion: 'no-preference' })

  test('the star field behind the page twinkles', async ({ page }) => {
    await checkEachPage(page, pages, async () => {
      // CSS modules give each animation a name of its own: `_twinkle_<hash>_<line>`.
      await expect.poll(async () => (await endless(page)).some(({ name }) => /twinkle/.test(name))).toBe(true)
      // Composited on their own, the twinkles change without the rest of the field being drawn again.
      expect(await twinkleLayers(page)).toEqual(['opacity', 'opacity'])
    })
  })

  // Each frame of an endless animation is a redraw: without a GPU, a full-screen layer at 60 a second took a CPU
  // core (docs/decisions/first-use.md, "Ambient motion a few times a second").
  test('what moves endlessly changes a few times a second, not every frame', async ({ page }) => {
    await checkEachPage(page, pages, async () => {
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
      await expect.poll(async () => (await endless(page)).length).toBeGreaterThan(0)
      const easings = (await endless(page)).map(({ name, easings }) => `${name} ${easings.join(' ')}`)
      // The shooting star crosses smoothly for half a second every 14 s and holds still, with nothing to redraw,
      // the rest of the time.
      const ambient = easings.filter((easing) => !/^_shoot_/.test(easing))
      expect(ambient.length).toBeGreaterThan(0)
      for (const easing of ambient) expect(easing).toMatch(/^\S+( steps\(\d+\))+$/)
    })
  })
})

test.describe('for a person who asks for less motion', () => {
  test.use({ reducedMotion: 'reduce' })

  test('nothing moves endlessly once the page is read', async ({ page }) => {
    await checkEachPage(page, pages, async () => {
      await expect(page.getByRole('banner')).toBeVisible()
      // A busy indicator still turns, slowly, while something is on its way: that is progress, not decoration.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
      expect(await endless(page)).toEqual([])
      // Nothing to composite either: the still field paints as one layer (docs/decisions/platform.md).
      expect(await twinkleLayers(page)).toEqual(['auto', 'auto'])
    })
  })
})

test.describe('a wait in progress, for a person who asks for less motion', () => {
  test.use({ reducedMotion: 'reduce' })

  // Turning smoothly, the spinner had the compositor draw 60 frames a second for as long as a mint waited: most of a
  // core in Chromium's GPU process, which starved a second tab loading beside it (docs/decisions/platform.md).
  test('the spinner turns in steps, not every frame', async ({ page, wallet }) => {
    await openConnected(page, wallet, '/mint')
    const prompt = wallet.holdNext('eth_sendTransaction')
    await mintButton(page).click()
    await prompt.arrived
    const busy = page.getByRole('button', { name: 'Confirm in your wallet…' })
    await expect(busy).toHaveAttribute('aria-busy', 'true')
    const easings = await busy.evaluate((button) =>
      button
        .getAnimations({ subtree: true })
        .filter((a) => a.playState === 'running')
        .map((a) =>
          (a.effect as KeyframeEffect)
            .getKeyframes()
            .map((k) => k.easing)
            .join(' '),
        ),
    )
    // One animation, the spinner's, stepped from each keyframe to the next.
    expect(easings).toEqual([expect.stringMatching(/^steps\(\d+\)( steps\(\d+\))*$/)])
    await prompt.reject()
  })
})

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
