import { mintedEntry } from '../support/app'
import { mintSky } from '../support/chain'
import { freshAccount } from '../support/fault-tally'
import { expect, test } from '../support/fixtures'
import { cutIndexer, restoreIndexer, waitForIndexer } from '../support/indexer'

// Cutting the indexer takes it away from every page, and the home page shows the whole game's six latest events, which
// the mints and gazes of tests running beside it would push its own out of: the `clock` project runs this file alone,
// after every other spec.
test.afterEach(async ({ stack }) => {
  await restoreIndexer(stack)
})

test('with the indexer down, a sky’s history says so in a sentence, the page works, and it comes back alone', async ({
  page,
  stack,
  rpc,
}) => {
  const { address } = await freshAccount(rpc)
  const skyId = await mintSky(stack, rpc, address)
  await waitForIndexer(stack, Number(await rpc('eth_blockNumber', [])))

  await cutIndexer(stack)
  await page.goto(`/sky/${skyId}`)
  const history = page.getByRole('region', { name: 'History' })
  await expect(history.getByRole('status')).toHaveText(/The game’s index is not answering right now/)
  await expect(history.getByText('Reading the latest events…')).toHaveCount(0)
  // The rest of the page reads the API and the chain, not the index.
  await expect(page.getByRole('img', { name: `Night sky #${skyId}, as the chain draws it` })).toBeVisible()
  await expect(page.getByTestId('sky-owner')).toHaveText(`${address.slice(0, 4)}…${address.slice(-4)}`)

  await restoreIndexer(stack)
  // Not "#210" for "#21".
  await expect(
    history.getByRole('listitem').filter({ hasText: new RegExp(`minted Night sky #${skyId}(?![0-9])`) }),
  ).toBeVisible()
  await expect(history.getByRole('status')).toHaveCount(0)
})

test('the home page shows the latest events and leads to the feed and the leaderboard', async ({
  page,
  stack,
  rpc,
}) => {
  const { address } = await freshAccount(rpc)
  await page.goto('/')
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: 'All activity' })).toHaveAttribute('href', '/activity')
  await expect(main.getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('href', '/leaderboard')
  const skyId = await mintSky(stack, rpc, address)
  await waitForIndexer(stack, Number(await rpc('eth_blockNumber', [])))
  // Below the fold, the feed is read only as it comes near: the first load of / carries none of it.
  await expect(main.getByText('Reading the latest events…')).toBeAttached()
  await main.getByRole('heading', { name: 'Tonight under every sky' }).scrollIntoViewIfNeeded()
  await expect(mintedEntry(page.getByRole('list', { name: 'Latest events' }), skyId)).toBeVisible()
})
