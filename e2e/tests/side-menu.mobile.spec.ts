import type { Page } from '@playwright/test'
import { holdAppEntry } from '../support/app'
import { expectAccessible } from '../support/axe'
import { expect, test } from '../support/fixtures'

const open = async (page: Page) => {
  const toggle = page.getByRole('button', { name: 'Open menu' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await expect(menu).toBeVisible()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  return menu
}

const closed = async (page: Page) => {
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
}

test.describe('the side menu', () => {
  test('lists home, the three areas and the community links, which open in a new tab', async ({ page }) => {
    await page.goto('/')
    const menu = await open(page)
    await expect(menu.getByRole('link')).toHaveText([
      'chainellation',
      'mint',
      'Stargaze',
      'Compose',
      'twitter',
      'discord',
    ])
    await expect(menu.getByRole('link', { name: 'chainellation' })).toHaveAttribute('href', '/')
    for (const name of ['twitter', 'discord']) {
      const link = menu.getByRole('link', { name })
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
      await expect(link).toHaveAttribute('href', /^https:\/\//)
    }
  })

  test('the hamburger toggles: a second press on the same spot closes it, and the page stays', async ({ page }) => {
    await page.goto('/mint')
    const box = await page.getByRole('button', { name: 'Open menu' }).boundingBox()
    if (!box) throw new Error('the hamburger is not on screen')
    const spot = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    await page.mouse.click(spot.x, spot.y)
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
    await page.mouse.click(spot.x, spot.y)
    await closed(page)
    await expect(page).toHaveURL(/\/mint$/)
  })

  test('has no serious or critical axe violation when open', async ({ page }) => {
    await page.goto('/')
    await open(page)
    await expectAccessible(page, 'the side menu')
  })

  test('closes when the backdrop is clicked', async ({ page }) => {
    await page.goto('/mint')
    const menu = await open(page)
    // Click beside the panel, where only the backdrop is.
    const panel = await menu.boundingBox()
    const viewport = page.viewportSize()
    expect(panel && viewport).toBeTruthy()
    if (!panel || !viewport) return
    const x = panel.x > viewport.width / 2 ? panel.x / 2 : (panel.x + panel.width + viewport.width) / 2
    expect(x < panel.x || x > panel.x + panel.width, 'the panel leaves some backdrop to click').toBe(true)
    await page.mouse.click(x, viewport.height / 2)
    await closed(page)
    await expect(page).toHaveURL('/mint')
  })

  test('closes on Escape and gives focus back to the toggle', async ({ page }) => {
    await page.goto('/')
    await open(page)
    await page.keyboard.press('Escape')
    await closed(page)
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
  })

  test('closes when a link is followed, on the page it leads to', async ({ page }) => {
    await page.goto('/')
    const menu = await open(page)
    await menu.getByRole('link', { name: 'Compose' }).click()
    await closed(page)
    await expect(page).toHaveURL('/compose')
    await expect(page.getByRole('heading', { level: 1, name: 'Compose' })).toBeVisible()

    const again = await open(page)
    await again.getByRole('link', { name: 'chainellation' }).click()
    await closed(page)
    await expect(page).toHaveURL('/')
  })

  test("a press on the toggle before the app's script has run opens the menu once it has", async ({ page }) => {
    const entry = await holdAppEntry(page)
    await page.goto('/', { waitUntil: 'commit' })
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await entry.requested()
    await toggle.click()
    await expect(page.locator('html')).toHaveAttribute('data-menu-requested', '')
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0)
    entry.release()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(page.locator('html')).not.toHaveAttribute('data-menu-requested')
  })
})
