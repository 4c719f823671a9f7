import { mintSky } from '../support/chain'
import { expect, test } from '../support/fixtures'
import { cutIndexer, restoreIndexer, waitForIndexer } from '../support/indexer'
import { type Address, ANVIL_ACCOUNTS } from '../support/test-wallet'

// Cutting the indexer takes the gallery's index away from every page: the `clock` project runs this file alone,
// after every other spec (playwright.config.ts).

test.afterEach(async ({ stack }) => {
  await restoreIndexer(stack)
})

test('without its index the gallery shows the chain’s newest skies, says so, and comes back to the index', async ({
  page,
  stack,
  rpc,
}) => {
  const id = await mintSky(stack, rpc, ANVIL_ACCOUNTS[9] as Address)
  await waitForIndexer(stack, Number(await rpc('eth_blockNumber', [])))
  await cutIndexer(stack)

  // A shared link to a sorted view: the chain can only give the newest first, and the page says why.
  await page.goto('/stargaze?view=everyone&sort=gazes&completed=false')
  const gallery = page.getByRole('region', { name: 'Everyone’s skies' })
  await expect(gallery.getByRole('status').filter({ hasText: 'index is not answering' })).toHaveText(
    'The gallery’s index is not answering; showing the newest skies from the chain.',
  )
  await expect(gallery.getByRole('article', { name: `Night sky #${id}` })).toBeVisible()
  await expect(gallery.getByText(/^[\d,]+ (sky|skies) minted, newest first$/)).toBeVisible()
  const order = gallery.getByRole('combobox', { name: 'Order' })
  await expect(order).toBeDisabled()
  await expect(gallery.getByRole('searchbox', { name: 'Search' })).toBeDisabled()
  await expect(gallery.getByRole('group', { name: 'Find skies' })).toHaveAccessibleDescription(
    /need the gallery’s index, and come back when it answers/,
  )
  // Nothing is left waiting.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)

  await restoreIndexer(stack)
  await gallery.getByRole('button', { name: 'Try the index again' }).click()
  await expect(order).toBeEnabled()
  await expect(order).toHaveValue('gazes')
  await expect(gallery.getByText('Matching skies, most gazes')).toBeVisible()
  await expect(gallery.getByText(/index is not answering/)).toHaveCount(0)
})
