import { constellations } from '@chainellation/contracts/catalogue'
import { openConnected } from '../support/app'
import { chainTime, gaze, mintSkyWithConstellation, offsetWhereItIs, setChainTime } from '../support/chain'
import { expect, test } from '../support/fixtures'
import { waitForIndexer } from '../support/indexer'

// A streak counts nights by the chain's clock, so this test moves it by days: the `clock` project runs it alone,
// after every other spec (playwright.config.ts).

const DAY = 86_400

test('a sky’s streak counts the nights gazed in a row, and a missed night ends it, in words', async ({
  page,
  wallet,
  stack,
  rpc,
}) => {
  // A sky of the catalogue's largest constellation, so that three nights leave it far from complete, over a zone
  // where it is about 22:00: each gaze a day apart falls at night there, past the contract's 14-hour wait.
  const largest = constellations.reduce((a, b) => (b.stars.length > a.stars.length ? b : a))
  const address = wallet.account
  const start = await chainTime(stack)
  const tz = offsetWhereItIs(22, start)
  const skyId = await mintSkyWithConstellation(stack, rpc, address, tz, largest.id)
  await gaze(stack, rpc, address, skyId)
  await setChainTime(rpc, start + DAY)
  await gaze(stack, rpc, address, skyId)
  await waitForIndexer(stack, Number(await rpc('eth_blockNumber', [])))

  // Two nights in a row, tonight's made: on its owner's card, the sky's page and its collector's.
  await openConnected(page, wallet, '/stargaze')
  const owned = page.getByRole('article', { name: `Night sky #${skyId}` })
  await expect(owned).toContainText('Streak: 2 nights in a row')
  await expect(owned).toContainText('Gazed tonight')
  await page.goto(`/sky/${skyId}`)
  const streak = page.getByTestId('sky-streak')
  await expect(streak).toContainText('Streak: 2 nights in a row')
  await expect(streak).toContainText('Gazed tonight')
  await page.goto(`/collector/${address}`)
  await expect(page.getByRole('main').getByText('Streak: 2 nights in a row')).toBeVisible()
  // The gallery's "longest streak now" lists it among the runs that stand.
  await page.goto('/stargaze?view=everyone&sort=streak')
  await expect(page.getByRole('combobox', { name: 'Order' })).toHaveValue('streak')
  const card = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasText: `Night sky #${skyId}` })
  await expect(card).toContainText('Streak: 2 nights in a row')
  // And the leaderboard's "longest streak now" ranks its collector by it.
  await page.goto('/leaderboard?by=streak')
  const short = `${address.slice(0, 4)}…${address.slice(-4)}`
  const row = page
    .getByRole('table', { name: 'Collectors by longest streak now' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: short }) })
  await expect(row.getByRole('cell').last()).toHaveText('2 nights')

  // Two days on, the night between passed without a gaze: the run has ended, on that night's date there.
  await setChainTime(rpc, start + 3 * DAY)
  const missed = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date((start + 2 * DAY + tz) * 1000),
  )
  await page.goto('/stargaze')
  await expect(owned).toContainText(`Streak ended on ${missed}: gaze tonight to start again`)
  await page.goto(`/sky/${skyId}`)
  await expect(streak).toContainText('No streak · longest 2 nights')
  await expect(streak).toContainText(`Streak ended on ${missed}: gaze tonight to start again`)
  await page.goto(`/collector/${address}`)
  await expect(page.getByRole('main').getByText('No streak · longest 2 nights')).toBeVisible()
  await page.goto('/stargaze?view=everyone&sort=streak')
  await expect(
    page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: `Night sky #${skyId}` }),
  ).toHaveCount(0)
})
