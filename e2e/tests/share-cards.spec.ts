import { mintSky } from '../support/chain'
import { expect, test } from '../support/fixtures'
import { metaOf, pngSize } from '../support/preview'
import { ANVIL_ACCOUNTS } from '../support/test-wallet'

// Account #9 mints here, as in sky-page.spec.ts: its sends retry on a nonce race, so the two may run side by side.
const OWNER = ANVIL_ACCOUNTS[9]

test.describe('a sky’s link', () => {
  test('previews with its title and its card, a 1200×630 PNG the API answers', async ({ request, stack, rpc }) => {
    const skyId = await mintSky(stack, rpc, OWNER)
    const page = await request.get(`/sky/${skyId}`)
    expect(page.status()).toBe(200)
    const meta = metaOf(await page.text())
    expect(meta['og:title']).toBe(`Night sky #${skyId}`)
    expect(meta['og:type']).toBe('website')
    expect(meta['og:url']).toBe(`${stack.webUrl}/sky/${skyId}`)
    expect(meta['og:description']).toMatch(
      /^A night sky over UTC\+00:00, drawn and kept on-chain: no star revealed yet/,
    )
    expect(meta['twitter:card']).toBe('summary_large_image')
    expect([meta['og:image:width'], meta['og:image:height']]).toEqual(['1200', '630'])
    const image = meta['og:image'] ?? ''
    expect(image.startsWith(`${stack.webUrl}/api/skies/${stack.chainId}/${skyId}/card.png?v=`)).toBe(true)
    expect(meta['twitter:image']).toBe(image)

    const card = await request.get(image)
    expect(card.status()).toBe(200)
    expect(card.headers()['content-type']).toBe('image/png')
    expect(card.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(pngSize(await card.body())).toEqual([1200, 630])
    const held = await request.get(image, { headers: { 'If-None-Match': card.headers().etag ?? '' } })
    expect(held.status()).toBe(304)
  })

  test('of a sky no one minted is a 404 with the generic preview, and so is its card', async ({ request, stack }) => {
    const page = await request.get('/sky/9007199254740991')
    expect(page.status()).toBe(404)
    const html = await page.text()
    expect(html).not.toContain('og:image')
    expect(html).toContain('<title>chainellation</title>')
    const card = await request.get(`/api/skies/${stack.chainId}/9007199254740991/card.png`)
    expect(card.status()).toBe(404)
    expect(await card.json()).toEqual({ error: 'There is no night sky #9007199254740991 on this chain.' })
  })

  test('is copied by the Share button where the browser has no share sheet', async ({ page, stack, rpc }) => {
    const skyId = await mintSky(stack, rpc, OWNER)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.webUrl })
    // No share sheet, as on desktop Linux; the copy is watched on its way to the clipboard, as the page's
    // Permissions-Policy keeps the page itself from reading the clipboard back.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true })
      const clipboard = navigator.clipboard
      const write = clipboard.writeText.bind(clipboard)
      clipboard.writeText = (text: string) => {
        document.documentElement.dataset.copied = text
        return write(text)
      }
    })
    await page.goto(`/sky/${skyId}`)
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'))
    const main = page.getByRole('main')
    await main.getByRole('button', { name: 'Share' }).click()
    await expect(main.getByRole('button', { name: 'Link copied' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-copied', `${stack.webUrl}/sky/${skyId}`)
    await expect(main.getByRole('button', { name: 'Share' })).toBeVisible()
  })
})
