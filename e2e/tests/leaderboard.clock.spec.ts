import { constellations } from '@chainellation/contracts/catalogue'
import { chainTime, gaze, mintSkyWithConstellation, offsetWhereItIs, setChainTime, skyOf } from '../support/chain'
import { freshAccount } from '../support/fault-tally'
import { expect, test } from '../support/fixtures'
import { waitForIndexer } from '../support/indexer'

// Completing a constellation takes a gaze a night for as many nights as it has stars, so this test moves the chain's
// clock by days: the `clock` project runs it alone, after every other spec (playwright.config.ts).

const DAY = 86_400

test('a collector who completes constellations is ranked by how many, and links to its page', async ({
  page,
  stack,
  rpc,
}) => {
  // Two skies of the catalogue's smallest constellations, over a zone where it is about 22:00, so each gaze a day
  // apart falls at night there and past the contract's 14-hour wait (contracts/solidity/Chainellation.sol).
  const fewest = Math.min(...constellations.map((c) => c.stars.length))
  const [first, second] = constellations.filter((c) => c.stars.length === fewest)
  if (!first || !second) throw new Error('the catalogue has no two constellations of the fewest stars')
  const { address } = await freshAccount(rpc)
  const now = await chainTime(stack)
  const tz = offsetWhereItIs(22, now)
  const skies = [
    await mintSkyWithConstellation(stack, rpc, address, tz, first.id),
    await mintSkyWithConstellation(stack, rpc, address, tz, second.id),
  ]
  for (let night = 0; night < fewest; night++) {
    if (night > 0) await setChainTime(rpc, now + night * DAY)
    for (const id of skies) await gaze(stack, rpc, address, id)
  }
  for (const id of skies) expect((await skyOf(stack, id)).gazes).toBe(fewest)
  await waitForIndexer(stack, Number(await rpc('eth_blockNumber', [])))

  // The default ranking: most constellations completed.
  await page.goto('/leaderboard')
  const table = page.getByRole('table', { name: 'Collectors by constellations completed' })
  const short = `${address.slice(0, 4)}…${address.slice(-4)}`
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: short }) })
  const link = row.getByRole('link', { name: short })
  await expect(row.getByRole('cell')).toHaveText([/^\d+$/, /./, String(skies.length), String(skies.length * fewest)])

  // Ranked where the index's order puts it (docs/decisions/indexer.md, `GET /leaderboard`): after every collector
  // with more completions, and those with as many and a lower address.
  const ranking = await table.locator('tbody tr').evaluateAll((rows) =>
    (rows as HTMLTableRowElement[]).map((r) => ({
      rank: Number(r.cells[0]?.textContent),
      address: (r.querySelector('a')?.getAttribute('href') ?? '').replace('/collector/', '').toLowerCase(),
      completed: Number(r.cells[2]?.textContent),
    })),
  )
  expect(ranking.map((r) => r.rank)).toEqual(ranking.map((_, i) => i + 1))
  const ours = address.toLowerCase()
  const ahead = ranking.filter(
    (r) => r.completed > skies.length || (r.completed === skies.length && r.address < ours),
  ).length
  await expect(row.getByRole('cell').first()).toHaveText(String(ahead + 1))

  await link.click()
  await expect(page).toHaveURL(new RegExp(`/collector/${address}$`, 'i'))
  await expect(page.getByRole('heading', { level: 1, name: short })).toBeVisible()
})
