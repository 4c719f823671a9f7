import { toHex } from 'viem'
import { mintSky } from '../support/chain'
import { freshAccount } from '../support/fault-tally'
import { expect, test } from '../support/fixtures'
import { indexerSync, releaseIndexer, stallIndexer, waitForIndexer } from '../support/indexer'

// Stalling the indexer's RPC holds the index back for every page that reads it: the `clock` project runs this file
// alone, after every other spec (playwright.config.ts).

test.afterEach(async ({ stack }) => {
  await releaseIndexer(stack)
})

/** Blocks the chain moves on while the indexer is stalled: more than the 3 the gallery lets pass without a word. */
const BEHIND = 6

test('when its index falls behind the chain the gallery says by how many blocks, and stops once it catches up', async ({
  page,
  stack,
  rpc,
}) => {
  const { address } = await freshAccount(rpc)
  const indexed = await mintSky(stack, rpc, address)
  await waitForIndexer(stack, Number(await rpc('eth_blockNumber', [])))

  await stallIndexer(stack)
  // The chain moves on without the indexer: a mint, then empty blocks.
  const missing = await mintSky(stack, rpc, address)
  await rpc('anvil_mine', [toHex(BEHIND - 1)])
  await expect.poll(async () => (await indexerSync(stack)).sync?.behind).toBe(BEHIND)

  // The page's clock, which runs as it would, so that the test can move it on to the gallery's next look (below).
  await page.clock.install()
  await page.goto('/stargaze?view=everyone')
  const gallery = page.getByRole('region', { name: 'Everyone’s skies' })
  const note = gallery.getByRole('status').filter({ hasText: 'behind the chain' })
  await expect(note).toHaveText(
    `The gallery’s index is ${BEHIND} blocks behind the chain: the newest skies and gazes may be missing for a moment.`,
  )
  // As it says: the index shows the sky minted before it fell behind, not the one minted since.
  await expect(gallery.getByRole('article', { name: `Night sky #${indexed}` })).toBeVisible()
  await expect(gallery.getByRole('article', { name: `Night sky #${missing}` })).toHaveCount(0)

  await releaseIndexer(stack)
  await waitForIndexer(stack, Number(await rpc('eth_blockNumber', [])))
  // The gallery asks `/sync` again every 15 s (web/src/features/stargaze/hooks/use-index-sync.ts) and the note can only
  // go once it has: the page's clock is moved on by that much rather than waited out (up to 15 s of a serial phase).
  await page.clock.fastForward(15_000)
  await expect(note).toHaveCount(0)
})
