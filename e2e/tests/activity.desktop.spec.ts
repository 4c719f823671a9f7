import { chainellationAbi } from '@chainellation/contracts'
import { constellations } from '@chainellation/contracts/catalogue'
import type { Locator, Page } from '@playwright/test'
import { type Address, createPublicClient, encodeFunctionData, http } from 'viem'
import { feedEntry as entry, mintedEntry as minted } from '../support/app'
import { chainTime, decorateSky, gaze, mintSky, offsetWhereItIs, type Rpc, skyOf } from '../support/chain'
import { freshAccount } from '../support/fault-tally'
import { expect, test } from '../support/fixtures'
import { waitForIndexer } from '../support/indexer'
import type { StackInfo } from '../support/stack-env'

// What players did reaches the pages through the indexer: each test acts for fresh accounts, so tests running side
// by side never count each other's skies, and waits until the indexer has caught up with what it did.

/** An account as the app writes it without an ENS name: its first and last four, whatever the case. */
const shown = (address: string) => new RegExp(`^${address.slice(0, 4)}…${address.slice(-4)}$`, 'i')
/** The path of an account's collector page, whatever the case of its address. */
const collectorHref = (address: string) => new RegExp(`^/collector/${address}$`, 'i')
/** The URL of an account's collector page, whatever the case of its address. */
const collectorUrl = (address: string) => new RegExp(`/collector/${address}$`, 'i')

/** The number of stars sky `skyId`'s constellation has, from the chain and the catalogue rather than the index. */
async function starCount(stack: StackInfo, skyId: bigint) {
  const { constellation } = await skyOf(stack, skyId)
  const stars = constellations.find((c) => c.id === constellation)?.stars.length
  if (!stars) throw new Error(`sky ${skyId} has no constellation in the catalogue`)
  return stars
}

/** Moves sky `skyId` from `from` to `to` and waits for it to be mined. */
async function transferSky(stack: StackInfo, rpc: Rpc, from: Address, to: Address, skyId: bigint) {
  const data = encodeFunctionData({ abi: chainellationAbi, functionName: 'transferFrom', args: [from, to, skyId] })
  const hash = (await rpc('eth_sendTransaction', [{ from, to: stack.contracts.Chainellation, data }])) as `0x${string}`
  const client = createPublicClient({ transport: http(stack.rpcUrl) })
  await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
}

/** Waits until the indexer has indexed every block mined so far: what the test did is then what the pages read. */
const caughtUp = async (stack: StackInfo, rpc: Rpc) => {
  await waitForIndexer(stack, Number(await rpc('eth_blockNumber', [])))
}

/** The value beside `label` in the page's figures. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('main')
    .locator('dl > div')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition')

/** A time zone where it is night on the chain now, so a new sky may be gazed at. */
const nightZone = async (stack: StackInfo) => offsetWhereItIs(22, await chainTime(stack))

test('the feed shows a mint and a gaze as they happen, without a reload', async ({ page, stack, rpc }) => {
  const { address } = await freshAccount(rpc)
  await page.goto('/activity')
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible()
  const feed = page.getByRole('list', { name: 'Latest events' })
  await expect(feed.or(page.getByText('Nothing has happened in the game yet.'))).toBeVisible()
  // Gone if the page were loaded again.
  await page.evaluate(() => Object.assign(window, { stayed: true }))

  const skyId = await mintSky(stack, rpc, address, await nightZone(stack))
  await caughtUp(stack, rpc)
  const mint = minted(feed, skyId)
  await expect(mint).toBeVisible()
  await expect(mint.getByRole('link', { name: shown(address) })).toHaveAttribute('href', collectorHref(address))
  await expect(mint.getByRole('link', { name: `Night sky #${skyId}` })).toHaveAttribute('href', `/sky/${skyId}`)
  const time = mint.locator('time')
  await expect(time).toHaveText(/^(just now|1 minute ago)$/)
  await expect(time).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/)
  // The exact time, once a pointer comes to it (RelativeTime).
  await expect(time).not.toHaveAttribute('title')
  await time.hover()
  await expect(time).toHaveAttribute('title', /\d{4}/)

  await gaze(stack, rpc, address, skyId)
  await caughtUp(stack, rpc)
  await expect(entry(feed, `gazed at Night sky #${skyId}: 1 of ${await starCount(stack, skyId)} stars`)).toBeVisible()
  expect(await page.evaluate(() => 'stayed' in window)).toBe(true)
})

test('a sky’s page tells its history, newest first, and its owner leads to the collector', async ({
  page,
  stack,
  rpc,
}) => {
  const [{ address: first }, { address: second }] = await Promise.all([freshAccount(rpc), freshAccount(rpc)])
  const skyId = await mintSky(stack, rpc, first, await nightZone(stack))
  await decorateSky(stack, rpc, first, skyId)
  await gaze(stack, rpc, first, skyId)
  await transferSky(stack, rpc, first, second, skyId)
  await caughtUp(stack, rpc)

  await page.goto(`/sky/${skyId}`)
  const history = page.getByRole('list', { name: `Night sky #${skyId}’s history` })
  const sky = `Night sky #${skyId}`
  const short = (a: string) => `${a.slice(0, 4)}…${a.slice(-4)}`
  await expect(history.getByRole('listitem')).toHaveText([
    new RegExp(`${sky} passed from ${short(first)} to ${short(second)}`, 'i'),
    new RegExp(`${short(first)} gazed at ${sky}: 1 of ${await starCount(stack, skyId)} stars`, 'i'),
    new RegExp(`${short(first)} dressed ${sky} in new decorations`, 'i'),
    new RegExp(`${short(first)} minted ${sky}`, 'i'),
  ])

  const owner = page.getByTestId('sky-owner').getByRole('link', { name: shown(second) })
  await expect(owner).toHaveAttribute('href', collectorHref(second))
  await owner.click()
  await expect(page).toHaveURL(collectorUrl(second))
  await expect(page.getByRole('heading', { level: 1, name: shown(second) })).toBeVisible()
  await expect(figure(page, 'Skies')).toHaveText('1')
  await expect(page.getByRole('article', { name: sky })).toBeVisible()
})

test('a collector’s page shows its figures, its skies as the chain draws them, and its events', async ({
  page,
  stack,
  rpc,
}) => {
  const { address } = await freshAccount(rpc)
  const zone = await nightZone(stack)
  const older = await mintSky(stack, rpc, address, zone)
  const newer = await mintSky(stack, rpc, address, zone)
  await gaze(stack, rpc, address, older)
  await caughtUp(stack, rpc)

  await page.goto(`/collector/${address.toLowerCase()}`)
  await expect(page.getByRole('heading', { level: 1, name: shown(address) })).toBeVisible()
  await expect(page.getByRole('main').getByText(address, { exact: true })).toBeVisible()
  await expect(figure(page, 'Skies')).toHaveText('2')
  await expect(figure(page, 'Stars revealed')).toHaveText('1')
  await expect(figure(page, 'Constellations completed')).toHaveText('0')
  await expect(figure(page, 'Gazes')).toHaveText('1')

  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(2)
  await expect(cards.nth(0)).toHaveAccessibleName(`Night sky #${newer}`)
  await expect(cards.nth(1)).toContainText(`1 of ${await starCount(stack, older)} stars`)
  const image = cards.nth(1).getByRole('img', { name: `Night sky #${older}` })
  await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/)
  await expect(cards.nth(1).getByRole('link')).toHaveAttribute('href', `/sky/${older}`)
  await expect(page.getByRole('list', { name: 'This collector’s events' }).getByRole('listitem')).toHaveCount(3)

  await page.goto('/collector/0x1234')
  await expect(page.getByRole('heading', { level: 1, name: 'Lost in space' })).toBeVisible()
  await expect(page.getByText('“0x1234” is not an account address')).toBeVisible()
})

test('the leaderboard ranks by gazes in the URL, each collector linking to its page', async ({ page, stack, rpc }) => {
  const [{ address: keen }, { address: casual }] = await Promise.all([freshAccount(rpc), freshAccount(rpc)])
  const zone = await nightZone(stack)
  for (const account of [keen, keen, casual]) await gaze(stack, rpc, account, await mintSky(stack, rpc, account, zone))
  await caughtUp(stack, rpc)

  await page.goto('/leaderboard')
  await expect(page.getByRole('link', { name: 'Most constellations' })).toHaveAttribute('aria-current', 'page')
  await page.getByRole('link', { name: 'Most gazes' }).click()
  await expect(page).toHaveURL(/\/leaderboard\?by=gazes$/)
  await expect(page.getByRole('link', { name: 'Most gazes' })).toHaveAttribute('aria-current', 'page')

  const rows = page.getByRole('row')
  const keenRow = rows.filter({ has: page.getByRole('link', { name: shown(keen) }) })
  const casualRow = rows.filter({ has: page.getByRole('link', { name: shown(casual) }) })
  await expect(keenRow.getByRole('cell')).toHaveText([/^\d+$/, shown(keen), '0', '2'])
  await expect(casualRow.getByRole('cell')).toHaveText([/^\d+$/, shown(casual), '0', '1'])
  const rank = async (row: Locator) => Number(await row.getByRole('cell').first().textContent())
  expect(await rank(keenRow)).toBeLessThan(await rank(casualRow))

  await keenRow.getByRole('link', { name: shown(keen) }).click()
  await expect(page).toHaveURL(collectorUrl(keen))
  await expect(figure(page, 'Gazes')).toHaveText('2')
})
