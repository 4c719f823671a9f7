import { fileURLToPath } from 'node:url'
import { expect, test } from '../support/fixtures'

const dir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url))

for (const { name, width, height } of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 812 },
]) {
  test(`home page, ${name} (${width}×${height})`, async ({ page }) => {
    await page.setViewportSize({ width, height })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'chainellation' })).toBeVisible()
    await page.screenshot({ path: `${dir}home-${width}x${height}.png` })
  })
}
