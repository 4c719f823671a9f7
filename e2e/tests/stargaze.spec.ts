import type { Page } from '@playwright/test'
import { connectTestWallet, holdRequests, openConnected } from '../support/app'
import { chainTime, mintSky, offsetWhereItIs } from '../support/chain'
import { expect, test } from '../support/fixtures'
import { waitForIndexer } from '../support/indexer'
import { ANVIL_ACCOUNTS } from '../support/test-wallet'

// Accounts of their own, so no other spec's skies show up here.
const EMPTY = ANVIL_ACCOUNTS[5]
const COLLECTOR = ANVIL_ACCOUNTS[6]
const ALT_COLLECTOR = ANVIL_ACCOUNTS[4]
const STRANGER = ANVIL_ACCOUNTS[7]

const card = (page: Page, id: bigint) => page.getByRole('article', { name: `Night sky #${id}` })

/** The page's JSON-RPC requests over HTTP to the chain from now on, each summed up as method, target and selector. */
function countRpc(page: Page, rpcUrl: string) {
  const requests: string[] = []
  page.on('request', (req) => {
    if (!req.url().startsWith(rpcUrl)) return
    const body = JSON.parse(req.postData() ?? '{}') as { method?: string; params?: unknown[] }
    const [first] = body.params ?? []
    // eth_getCode(address, block): whose code, as the page asks whether the game pays the account's gas.
    if (typeof first === 'string') return void requests.push(`${body.method} ${first.toLowerCase()}`)
    const call = first as { to?: string; data?: string } | undefined
    // Multicall3's getEthBalance (0x4d2301cc), as wagmi's useBalance reads through it, or a plain eth_getBalance.
    const balance = body.method === 'eth_getBalance' || !!call?.data?.includes('4d2301cc')
    requests.push(
      `${body.method} ${call?.to ?? ''} ${call?.data?.slice(0, 10) ?? ''} (${call?.data?.length ?? 0} chars)${balance ? ' balance' : ''}`,
    )
  })
  return requests
}

/** Scrolls until every card in the list shows its image (they load lazily near the viewport). */
async function scrollThrough(page: Page, count: number) {
  const images = page.getByRole('listitem').getByRole('img', { name: /^Night sky #\d+$/ })
  for (let seen = 0; seen < count; seen = await images.count()) {
    await page
      .getByRole('listitem')
      .nth(Math.min(seen, count - 1))
      .scrollIntoViewIfNeeded()
    await expect.poll(() => images.count()).toBeGreaterThan(seen)
  }
  return images
}

test.describe('your skies, empty', () => {
  test.use({ walletOptions: { account: EMPTY } })

  test('a wallet with no sky is invited to mint', async ({ page, wallet }) => {
    await page.goto('/stargaze')
    await expect(page.getByRole('heading', { name: 'Connect to see your skies' })).toBeVisible()
    await connectTestWallet(page, wallet)
    await expect(page.getByRole('heading', { name: 'No skies yet' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Mint your first sky' })).toHaveAttribute('href', '/mint')
  })
})

test.describe('your skies, a collection', () => {
  // One collector per project, as the desktop and phone runs go side by side.
  test.use({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    walletOptions: async ({}, use, info) =>
      use({ account: info.project.name === 'mobile' ? ALT_COLLECTOR : COLLECTOR }),
  })

  test('24 cards with their images take at most 3 JSON-RPC requests', async ({ page, wallet, stack, rpc }) => {
    const tz = offsetWhereItIs(12, await chainTime(stack))
    for (let i = 0; i < 24; i++) await mintSky(stack, rpc, wallet.account, tz)

    // A first visit, nothing cached: the list and the clock in one request, then a request per page of 12 images.
    const requests = countRpc(page, stack.rpcUrl)
    await page.goto('/stargaze')
    await connectTestWallet(page, wallet)
    await expect(page.getByRole('article')).toHaveCount(24)
    await scrollThrough(page, 24)
    // Besides the cards, the page reads the account's code once, to say whether the game pays its gas (an ordinary
    // account) or not (a contract account): docs/decisions/sponsored-writes.md.
    const accountReads = [`eth_getCode ${wallet.account.toLowerCase()}`]
    expect(requests.filter((r) => !accountReads.includes(r)).length, requests.join('\n')).toBeLessThanOrEqual(3)
    expect(requests.filter((r) => r.startsWith('eth_getCode'))).toEqual(accountReads)
    // The header shows no balance, and reads none (batched in, it would hide among the requests above).
    expect(requests.filter((r) => r.endsWith(' balance'))).toEqual([])

    // Coming back: the list and the clock are read again; the images come from the cache.
    requests.length = 0
    await page.reload()
    await expect(page.getByRole('article')).toHaveCount(24)
    await scrollThrough(page, 24)
    expect(requests.filter((r) => !accountReads.includes(r)).length, requests.join('\n')).toBeLessThanOrEqual(3)
    expect(requests.filter((r) => r.endsWith(' balance'))).toEqual([])
  })
})

test.describe('the viewer', () => {
  test.use({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    walletOptions: async ({}, use, info) => use({ account: ANVIL_ACCOUNTS[info.project.name === 'mobile' ? 2 : 3] }),
  })

  test('a card opens its sky large; arrows move between skies; Escape closes', async ({ page, wallet, stack, rpc }) => {
    const older = await mintSky(stack, rpc, wallet.account, 0)
    const newer = await mintSky(stack, rpc, wallet.account, 3600)
    // The note on who pays the gas is held until the cards are drawn: they keep their place when it comes, as a press
    // begun on a card that moves can end beside it.
    const held = await holdRequests(page, '**/api/relay')
    await openConnected(page, wallet, '/stargaze')
    const open = page.getByRole('button', { name: `Open night sky #${newer}` })
    await expect(open).toBeVisible()
    const placed = await open.boundingBox()
    held.release()
    await expect(page.getByRole('button', { name: 'Let the game pay it' })).toBeVisible()
    expect(await open.boundingBox()).toEqual(placed)
    await open.click()
    const viewer = page.getByRole('dialog', { name: `Night sky #${newer}` })
    await expect(viewer).toBeVisible()
    await expect(viewer.getByRole('img', { name: `Night sky #${newer}, as the chain draws it` })).toBeVisible()
    await expect(viewer.getByRole('link', { name: 'Open its page' })).toHaveAttribute('href', `/sky/${newer}`)

    const download = page.waitForEvent('download')
    await viewer.getByRole('button', { name: 'Download SVG' }).click()
    expect((await download).suggestedFilename()).toBe(`chainellation-${newer}.svg`)

    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('dialog', { name: `Night sky #${older}` })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})

test.describe('everyone’s skies', () => {
  test('the gallery lists another wallet’s sky without a wallet, newest first', async ({
    page,
    stack,
    rpc,
    request,
  }) => {
    const id = await mintSky(stack, rpc, STRANGER, 0)
    await waitForIndexer(stack, Number(await rpc('eth_blockNumber', [])))
    // Other tests read the same first page: the API may give the answer of the block before once while it asks again.
    await expect
      .poll(async () => {
        const answer = await request.get('/api/discovery/skies?page=1&limit=24')
        return ((await answer.json()) as { skies: { id: number }[] }).skies.map((sky) => sky.id)
      })
      .toContain(Number(id))
    await page.goto('/stargaze?view=everyone')
    await expect(page.getByRole('heading', { level: 1, name: 'Stargaze' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Everyone’s skies' })).toHaveAttribute('aria-current', 'page')
    const first = page.getByRole('article').first()
    // Newer skies than ours may have been minted meanwhile; ours is among the newest.
    await expect(card(page, id)).toBeVisible()
    expect(Number(/#(\d+)$/.exec((await first.getAttribute('aria-label')) ?? '')?.[1])).toBeGreaterThanOrEqual(
      Number(id),
    )
    await expect(card(page, id).getByRole('img', { name: `Night sky #${id}` })).toHaveAttribute(
      'src',
      /^data:image\/svg\+xml;base64,/,
    )
    // The card names its owner apart from the sky's own link (links do not nest), leading to their collector page.
    await expect(card(page, id).getByRole('link').nth(1)).toHaveAttribute('href', `/collector/${STRANGER}`)
    await card(page, id)
      .getByRole('link', { name: `Night sky #${id}` })
      .click()
    await expect(page).toHaveURL(`/sky/${id}`)
  })

  // The index lists the skies; the chain draws them, 12 to a multicall, both read at once (measured: 1 request).
  test('24 gallery cards with their images take at most 2 JSON-RPC requests', async ({ page, stack }) => {
    const requests = countRpc(page, stack.rpcUrl)
    await page.goto('/stargaze?view=everyone')
    await expect(page.getByRole('article').first()).toBeVisible()
    const total = Math.min(24, await page.getByRole('article').count())
    await scrollThrough(page, total)
    expect(requests.length, requests.join('\n')).toBeLessThanOrEqual(2)
  })
})
