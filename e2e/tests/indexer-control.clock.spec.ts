import { mintSky } from '../support/chain'
import { expect, test } from '../support/fixtures'
import { cutIndexer, indexerSync, restoreIndexer, waitForIndexer } from '../support/indexer'
import { type Address, ANVIL_ACCOUNTS } from '../support/test-wallet'

// Cutting the indexer takes the gallery's index away from every page: the `clock` project runs this file alone,
// after every other spec (playwright.config.ts).
test.describe.configure({ mode: 'serial' })

test.afterEach(async ({ stack }) => {
  await restoreIndexer(stack)
})

test('the indexer can be cut and restored under the API, and waited for', async ({ stack, rpc, request }) => {
  const id = await mintSky(stack, rpc, ANVIL_ACCOUNTS[9] as Address)
  const block = Number(await rpc('eth_blockNumber', []))
  const sync = await waitForIndexer(stack, block)
  expect(sync.indexedBlock).toBeGreaterThanOrEqual(block)
  const sky = await request.get(`/api/discovery/skies/${id}`)
  expect(sky.status()).toBe(200)
  expect(((await sky.json()) as { id: number }).id).toBe(Number(id))

  await cutIndexer(stack)
  expect(await indexerSync(stack)).toEqual({ status: 503 })
  const cut = await request.get('/api/discovery/skies')
  expect(cut.status()).toBe(503)
  expect(((await cut.json()) as { error: string }).error).toMatch(/not answering/)

  await restoreIndexer(stack)
  const restored = await indexerSync(stack)
  expect(restored.status).toBe(200)
  expect(restored.sync?.indexedBlock).toBeGreaterThanOrEqual(block)
  expect((await request.get('/api/discovery/skies')).status()).toBe(200)
})
