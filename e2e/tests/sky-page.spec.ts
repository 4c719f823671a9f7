import { readFile } from 'node:fs/promises'
import { chainellationAbi } from '@chainellation/contracts'
import type { Page } from '@playwright/test'
import { createPublicClient, http } from 'viem'
import { holdRequests, serveSkyPageUnread } from '../support/app'
import { decorateSky, mintSky } from '../support/chain'
import { ANY_WIDTH, expect, test } from '../support/fixtures'
import type { StackInfo } from '../support/stack-env'
import { ANVIL_ACCOUNTS } from '../support/test-wallet'

// Account #9 mints here: the wallet fixture's tests act for the first accounts, so nonces never collide.
const OWNER = ANVIL_ACCOUNTS[9]
const SVG_PREFIX = 'data:image/svg+xml;base64,'
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** The sky's metadata as the chain returns it now, decoded here rather than by the app. */
async function chainMetadata(stack: StackInfo, skyId: bigint) {
  const uri = await createPublicClient({ transport: http(stack.rpcUrl) }).readContract({
    address: stack.contracts.Chainellation as `0x${string}`,
    abi: chainellationAbi,
    functionName: 'tokenURI',
    args: [skyId],
  })
  const json = Buffer.from(uri.replace('data:application/json;base64,', ''), 'base64').toString('utf8')
  return JSON.parse(json) as { image: string; attributes: { trait_type: string; value: string | number }[] }
}

/** The value beside `label` in the page's attribute list. */
const attribute = (page: Page, label: string) =>
  page
    .getByRole('main')
    .locator('dl > div')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition')

const cloudWords = ['Clear', 'Wisps', 'Cloudy', 'Overcast']

test.describe('a sky’s own page', () => {
  test('shows the chain’s sky to a visitor without a wallet and saves it as SVG and PNG', async ({
    page,
    stack,
    rpc,
  }) => {
    const skyId = await mintSky(stack, rpc, OWNER)
    // All three layers set, so the image nests data-URL images: the case that could taint the PNG's canvas.
    await decorateSky(stack, rpc, OWNER, skyId)
    const meta = await chainMetadata(stack, skyId)
    const svg = Buffer.from(meta.image.slice(SVG_PREFIX.length), 'base64')
    expect(svg.toString('utf8').match(/<image href="data:image\/svg\+xml;base64,/g)).toHaveLength(3)
    const trait = (name: string) => meta.attributes.find((a) => a.trait_type === name)?.value

    await page.goto(`/sky/${skyId}`)
    await expect(page.getByRole('heading', { level: 1, name: `Night sky #${skyId}` })).toBeVisible()
    await expect(page).toHaveTitle(`chainellation — Night sky #${skyId}`)
    const image = page.getByRole('img', { name: `Night sky #${skyId}, as the chain draws it` })
    await expect(image).toHaveAttribute('src', meta.image)
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512)

    await expect(attribute(page, 'Time zone')).toHaveText('UTC+00:00')
    await expect(attribute(page, 'Time there')).toHaveText(String(trait('Time')))
    await expect(attribute(page, 'Zenith hue')).toHaveText(`${trait('Primary hue')}°`)
    await expect(attribute(page, 'Horizon hue')).toHaveText(`${trait('Secondary hue')}°`)
    await expect(attribute(page, 'Clouds')).toHaveText(cloudWords[Number(trait('Clouds')) - 1] ?? '')
    await expect(attribute(page, 'Gazes')).toHaveText('0')
    await expect(attribute(page, 'Stars revealed')).toHaveText(String(trait('Stars revealed')).replace('/', ' of '))
    await expect(attribute(page, 'Constellation')).toHaveText('Secret until every star is revealed')

    const owner = page.getByTestId('sky-owner')
    await expect(owner).toHaveText(`${OWNER.slice(0, 4)}…${OWNER.slice(-4)}`)
    await expect(owner.getByTestId('account')).toHaveAttribute('title', OWNER)
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'Stargaze', exact: true })).toHaveAttribute('href', '/stargaze')
    await expect(main.getByRole('link', { name: 'Compose it' })).toHaveAttribute('href', `/compose/${skyId}`)

    const [svgFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download SVG' }).click(),
    ])
    expect(svgFile.suggestedFilename()).toBe(`chainellation-${skyId}.svg`)
    expect((await readFile(await svgFile.path())).equals(svg)).toBe(true)

    const [pngFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PNG' }).click(),
    ])
    expect(pngFile.suggestedFilename()).toBe(`chainellation-${skyId}.png`)
    const png = await readFile(await pngFile.path())
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1024])
    // The decoration layers made it into the picture: low in the sky stands the silhouette's front hill (#04060d).
    const pixel = await page.evaluate(async (base64) => {
      const img = new Image()
      img.src = `data:image/png;base64,${base64}`
      await img.decode()
      const canvas = document.createElement('canvas')
      canvas.width = img.naturalWidth
      canvas.height = img.naturalHeight
      const context = canvas.getContext('2d') as CanvasRenderingContext2D
      context.drawImage(img, 0, 0)
      return [...context.getImageData(200, 1000, 1, 1).data]
    }, png.toString('base64'))
    expect(pixel).toEqual([4, 6, 13, 255])
    await expect(page.getByRole('status').filter({ hasText: 'could not draw' })).toHaveCount(0)
  })

  test(
    'keeps the streak’s place while it is read: nothing under it moves when it comes',
    ANY_WIDTH,
    async ({ page, stack, rpc }) => {
      const skyId = await mintSky(stack, rpc, OWNER)
      // The streak's read of the index is held until the downloads' place has been taken.
      const streakRead = `**/api/discovery/skies/${skyId}`
      const held = await holdRequests(page, streakRead)
      const asked = page.waitForRequest(streakRead)
      await page.goto(`/sky/${skyId}`)
      const download = page.getByRole('button', { name: 'Download SVG' })
      await expect(download).toBeVisible()
      await asked
      const before = await download.boundingBox()
      held.release()
      await expect(page.getByTestId('sky-streak')).toContainText('No streak yet')
      await expect(page.getByTestId('sky-streak')).toContainText('Gaze tonight to start one')
      expect(await download.boundingBox()).toEqual(before)
    },
  )

  test(
    'reads the sky from the API itself when it was served without it, before the wallet stack',
    ANY_WIDTH,
    async ({ page, stack, rpc }) => {
      const skyId = await mintSky(stack, rpc, OWNER)
      const meta = await chainMetadata(stack, skyId)
      await serveSkyPageUnread(page, skyId)
      // The wallet stack never arrives: what the page shows comes from its one request to the API.
      await page.route(/wallet-stack/, (route) => route.abort())
      const api = page.waitForResponse(
        (response) => new URL(response.url()).pathname === `/api/skies/${stack.chainId}/${skyId}`,
      )
      await page.goto(`/sky/${skyId}`)
      expect((await api).status()).toBe(200)
      const image = page.getByRole('img', { name: `Night sky #${skyId}, as the chain draws it` })
      await expect(image).toHaveAttribute('src', meta.image)
      await expect(page.getByTestId('sky-owner').getByTestId('account')).toHaveAttribute('title', OWNER)
      await expect(attribute(page, 'Gazes')).toHaveText('0')
    },
  )

  test('a sky not minted yet says so and leads to minting', ANY_WIDTH, async ({ page }) => {
    await page.goto('/sky/999999')
    await expect(page.getByRole('heading', { level: 1, name: 'Night sky #999999' })).toBeVisible()
    await expect(page.getByText('There is no night sky #999999 yet.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Mint a night sky' })).toHaveAttribute('href', '/mint')
    await expect(page.getByRole('img', { name: /as the chain draws it/ })).toHaveCount(0)
  })

  test('an address that is not a sky number is not found', ANY_WIDTH, async ({ page }) => {
    await page.goto('/sky/07')
    await expect(page.getByRole('heading', { level: 1, name: 'Lost in space' })).toBeVisible()
    await expect(page).toHaveTitle('chainellation — Not found')
  })
})

test.describe('a sky’s page before any script', () => {
  test.use({ javaScriptEnabled: false })

  test('is served with the picture the chain draws', ANY_WIDTH, async ({ page, stack, rpc }) => {
    const skyId = await mintSky(stack, rpc, OWNER)
    const meta = await chainMetadata(stack, skyId)
    const image = page.getByRole('img', { name: `Night sky #${skyId}, as the chain draws it` })
    // The API waits at most 400 ms on the chain as it serves the page, then leaves the sky to the app
    // (docs/decisions/prerendering.md). On a busy machine the chain can take longer to draw it: the page is then asked
    // again, as a reload would. A page never served with its picture still fails.
    await expect(async () => {
      await page.goto(`/sky/${skyId}`)
      await expect(page.getByRole('heading', { level: 1, name: `Night sky #${skyId}` })).toBeVisible({ timeout: 1000 })
      await expect(image).toHaveAttribute('src', meta.image, { timeout: 1000 })
    }).toPass({ intervals: [500], timeout: 10_000 })
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512)
  })
})
