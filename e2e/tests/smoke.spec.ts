import { expect, test } from '../support/fixtures'

const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11'

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

test.describe('the stack behind it', () => {
  test('the API answers through the app origin with the local chain and its contracts', async ({ request, stack }) => {
    const res = await request.get('/api/health')
    expect(res.status()).toBe(200)
    const body = (await res.json()) as { ok: boolean; chainId: number; contracts: Record<string, string> }
    expect(body.ok).toBe(true)
    expect(body.chainId).toBe(31337)
    expect(body.contracts.Chainellation).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(body.contracts.Chainellation?.toLowerCase()).toBe(stack.contracts.Chainellation?.toLowerCase())
  })

  test('unknown API routes are JSON 404s', async ({ request }) => {
    const res = await request.get('/api/does-not-exist')
    expect(res.status()).toBe(404)
    expect(await res.json()).toEqual({ error: 'Not found' })
  })

  test('anvil has code at the Chainellation and Multicall3 addresses', async ({ rpc, stack }) => {
    expect(await rpc('eth_chainId', [])).toBe('0x7a69')
    const chainellation = await rpc('eth_getCode', [stack.contracts.Chainellation, 'latest'])
    expect(chainellation).toMatch(/^0x[0-9a-f]{2,}$/)
    const multicall = await rpc('eth_getCode', [MULTICALL3, 'latest'])
    expect(multicall).toMatch(/^0x[0-9a-f]{2,}$/)
    // A fresh address has none, so the checks above can fail.
    expect(await rpc('eth_getCode', ['0x000000000000000000000000000000000000dEaD', 'latest'])).toBe('0x')
  })
})
