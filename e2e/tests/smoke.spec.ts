import { expect, test } from '../support/fixtures'

test.describe('placeholder home page', () => {
  test('says what the game is', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveTitle('chainellation')
    await expect(page.getByRole('heading', { level: 1, name: 'chainellation' })).toBeVisible()
    await expect(page.getByText(/Mint a night sky whose art is drawn entirely by its contract/)).toBeVisible()
    await expect(page.getByText(/stargaze: each night reveals one more star of its secret constellation/)).toBeVisible()
  })

  test('shows where the local chain has the contracts', async ({ page, stack }) => {
    const address = stack.contracts.Chainellation ?? ''
    await page.goto('/')
    const line = page.getByText(/^Local chain: contracts deployed at/)
    await expect(line).toBeVisible()
    await expect(line).toContainText(new RegExp(`${address.slice(0, 6)}…${address.slice(-4)}`, 'i'))
    // The full address is one hover away.
    await expect(line.getByTitle(address)).toBeVisible()
  })

  test('is served for client-side routes too', async ({ page }) => {
    const res = await page.goto('/stargaze')
    expect(res?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: 'chainellation' })).toBeVisible()
  })

  test('loads nothing from any other origin', async ({ page, stack }) => {
    const origins = new Set<string>()
    page.on('request', (req) => {
      if (!req.url().startsWith('data:')) origins.add(new URL(req.url()).origin)
    })
    await page.goto('/', { waitUntil: 'networkidle' })
    expect([...origins]).toEqual([new URL(stack.webUrl).origin])
  })
})
