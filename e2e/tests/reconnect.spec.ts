import { setTimeout as sleep } from 'node:timers/promises'
import { brandLink, connectTestWallet } from '../support/app'
import { expect, test } from '../support/fixtures'

test.describe('right after a reload', () => {
  test('the account modal opens and stays open', async ({ page, wallet }) => {
    await page.goto('/')
    await connectTestWallet(page, wallet)
    // Third-party hosts that answer slowly (here: after 4 s, with an error) must not hold the app up.
    await page.route(/^https:\/\/(?!127\.0\.0\.1)/, async (route) => {
      await sleep(4000)
      await route.abort('timedout').catch(() => {})
    })
    await page.reload()
    await expect(brandLink(page, 'localellation')).toBeVisible()
    // A person clicks their account as soon as it shows, while the app may still be reconnecting.
    await page.getByRole('banner').getByTestId('rk-account-button').click()
    const disconnect = page.getByRole('dialog').getByTestId('rk-disconnect-button')
    await expect(disconnect).toBeVisible()
    // Nothing the person did closes it; it must still be there a few seconds on.
    await page.waitForTimeout(5000)
    await expect(disconnect).toBeVisible()
  })
})
