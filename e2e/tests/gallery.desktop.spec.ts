import { setLocalName } from '@chainellation/contracts/ens'
import type { Page } from '@playwright/test'
import { privateKeyToAccount } from 'viem/accounts'
import { chainTime, decorateSky, gaze, mintSky, offsetWhereItIs } from '../support/chain'
import { expect, freshAccount, test } from '../support/fault-tally'
import { waitForIndexer } from '../support/indexer'

// Everyone's skies through the gallery's index: orders, filters and searches, kept in the URL. Each test mints for a
// fresh account and narrows the gallery to it, as other tests mint beside it. The width does not change what is
// asked of the index: tried on the desktop alone.

const gallery = (page: Page) => page.getByRole('region', { name: 'Everyone’s skies' })

/** The cards' sky numbers, in the order shown. */
async function shownIds(page: Page): Promise<number[]> {
  const labels = await gallery(page)
    .getByRole('article')
    .evaluateAll((cards) => cards.map((c) => c.ariaLabel ?? ''))
  return labels.map((label) => Number(/#(\d+)$/.exec(label)?.[1]))
}

const expectShown = (page: Page, ids: bigint[]) =>
  expect.poll(() => shownIds(page), { message: `the gallery shows ${ids.join(', ')}` }).toEqual(ids.map(Number))

test('orders and filters a collector’s skies, and the URL keeps the view through reload, back and forward', async ({
  page,
  stack,
  rpc,
}) => {
  const { address } = await freshAccount(rpc)
  const now = await chainTime(stack)
  const night = offsetWhereItIs(22, now)
  const day = offsetWhereItIs(12, now)
  const gazed = await mintSky(stack, rpc, address, night)
  const decorated = await mintSky(stack, rpc, address, day)
  await gaze(stack, rpc, address, gazed)
  await decorateSky(stack, rpc, address, decorated)
  await waitForIndexer(stack, Number(await rpc('eth_blockNumber', [])))

  await page.goto(`/stargaze?view=everyone&owner=${address}`)
  await expectShown(page, [decorated, gazed])
  await expect(page.getByRole('textbox', { name: 'Owner' })).toHaveValue(address)

  await page.getByRole('combobox', { name: 'Order' }).selectOption({ label: 'Most gazes' })
  await expect(page).toHaveURL(/[?&]sort=gazes(&|$)/)
  await expectShown(page, [gazed, decorated])
  await expect(gallery(page).getByRole('article', { name: `Night sky #${gazed}` })).toContainText('1 of')

  await page.getByRole('combobox', { name: 'Time there' }).selectOption({ label: 'Night now' })
  await expect(page).toHaveURL(/[?&]night=true(&|$)/)
  await expectShown(page, [gazed])

  await page.getByRole('combobox', { name: 'Time there' }).selectOption({ label: 'Night or day' })
  await page.getByRole('combobox', { name: 'Decorations' }).selectOption({ label: 'With decorations' })
  await expectShown(page, [decorated])
  await page.getByRole('combobox', { name: 'Decorations' }).selectOption({ label: 'Without decorations' })
  await expectShown(page, [gazed])

  // A shared link opens the same view, its controls set as the link says.
  await page.reload()
  await expectShown(page, [gazed])
  await expect(page.getByRole('combobox', { name: 'Decorations' })).toHaveValue('false')
  await expect(page.getByRole('combobox', { name: 'Order' })).toHaveValue('gazes')

  await page.goBack()
  await expect(page.getByRole('combobox', { name: 'Decorations' })).toHaveValue('true')
  await expectShown(page, [decorated])
  await page.goForward()
  await expectShown(page, [gazed])

  await page.getByRole('combobox', { name: 'Time zone' }).selectOption(String(day))
  await expect(page).toHaveURL(new RegExp(`[?&]tz=${day}(&|$)`))
  await expect(gallery(page).getByRole('heading', { name: 'No skies match' })).toBeVisible()
  await gallery(page).getByRole('button', { name: 'Clear filters and search' }).first().click()
  await expect(page).toHaveURL(/\/stargaze\?view=everyone$/)
  await expect(page.getByRole('textbox', { name: 'Owner' })).toHaveValue('')
})

test('finds a sky by its number, its owner’s address and ENS name, and keeps a refused search as typed', async ({
  page,
  stack,
  rpc,
}) => {
  const owner = await freshAccount(rpc)
  const name = `collector-${owner.address.slice(2, 8).toLowerCase()}.eth`
  await setLocalName({
    rpcUrl: stack.anvilUrl,
    resolver: stack.ensUniversalResolver,
    account: privateKeyToAccount(owner.privateKey),
    name: { name },
  })
  const first = await mintSky(stack, rpc, owner.address)
  const second = await mintSky(stack, rpc, owner.address)
  await waitForIndexer(stack, Number(await rpc('eth_blockNumber', [])))

  await page.goto('/stargaze?view=everyone')
  const search = page.getByRole('searchbox', { name: 'Search' })
  await search.fill(`#${first}`)
  await search.press('Enter')
  await expect(page).toHaveURL(new RegExp(`[?&]q=%23${first}(&|$)`))
  await expectShown(page, [first])

  await search.fill(owner.address)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expectShown(page, [second, first])

  await search.fill(name)
  await search.press('Enter')
  // The same skies as the owner's search: only the address bar tells that this search has landed. Typed before it
  // had, the next search was overwritten by this one as the page took its query from the address.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(name)}(&|$)`))
  await expectShown(page, [second, first])

  await search.fill('not a sky')
  await search.press('Enter')
  await expect(page.getByRole('alert')).toHaveText(/^q must be a sky number/)
  await expect(search).toHaveValue('not a sky')
  await expect(search).toHaveAttribute('aria-invalid', 'true')
  // The last view stays on screen, and so do the filters.
  await expectShown(page, [second, first])
  await search.fill(String(second))
  await search.press('Enter')
  await expectShown(page, [second])
  await expect(page.getByRole('alert')).toHaveCount(0)
})
