import type { Page } from '@playwright/test'
import { toHex } from 'viem'
import { openConnected } from '../support/app'
import { chainTime, mintSky, offsetWhereItIs, type Rpc } from '../support/chain'
import { expect, freshAccount, test } from '../support/fault-tally'
import type { Address } from '../support/test-wallet'

// Every write is followed in a notification (sonner) from the moment it is sent, and every write — not only the
// mint — is picked up again after a reload and in a second tab (web/src/lib/wallet/write/).

test.use({
  walletOptions: async ({ rpc }, use) => {
    const { address, privateKey } = await freshAccount(rpc)
    await use({ account: address, privateKeys: [privateKey] })
  },
})

const nonceOf = async (rpc: Rpc, account: Address) => Number(await rpc('eth_getTransactionCount', [account, 'latest']))

/** The notification about `description`, in sonner's region; `type` is sonner's: loading, success, error. */
const notification = (page: Page, description: string, type: 'loading' | 'success' | 'error') =>
  page
    .getByRole('region', { name: /Notifications/ })
    .locator(`[data-sonner-toast][data-type="${type}"]`)
    .filter({ hasText: description })

test('a gaze is followed in a notification, picked up after a reload and in a second tab, and confirmed', async ({
  page,
  wallet,
  stack,
  rpc,
}) => {
  const account = wallet.account
  const skyId = await mintSky(stack, rpc, account, offsetWhereItIs(0, await chainTime(stack)))
  await openConnected(page, wallet, '/stargaze')
  const card = page.getByRole('article', { name: `Night sky #${skyId}` })
  await expect(card.getByRole('button', { name: 'Gaze' })).toBeEnabled()

  // The gaze is sent with a nonce one ahead, so it waits in the mempool until the gap is filled.
  const nonce = await nonceOf(rpc, account)
  wallet.tamperNext('eth_sendTransaction', ([tx]) => [{ ...(tx as object), nonce: toHex(nonce + 1) }])
  await card.getByRole('button', { name: 'Gaze' }).click()
  const description = `Stargaze at night sky #${skyId}`
  const waiting = notification(page, description, 'loading')
  await expect(waiting).toBeVisible()
  // The local chain has no block explorer: the notification names the transaction by its hash.
  await expect(waiting.getByText(/^Transaction 0x[0-9a-f]{2}…[0-9a-f]{4}$/)).toBeVisible()

  await page.reload()
  await expect(notification(page, description, 'loading')).toBeVisible()
  // One gaze at a time: the sky's button waits for the gaze in flight.
  await expect(card.getByRole('button', { name: 'Gaze' })).toBeDisabled()
  const other = await page.context().newPage()
  await wallet.install(other)
  await other.goto('/stargaze')
  await expect(notification(other, description, 'loading')).toBeVisible()

  await rpc('eth_sendTransaction', [{ from: account, to: account, nonce: toHex(nonce) }])
  // Both tabs at once: the confirmation and the reveal each show for a few seconds, then make way.
  await Promise.all(
    [page, other].map(async (tab) => {
      await expect(notification(tab, description, 'success')).toBeVisible()
      // The reveal: the new star is announced on the card, and the countdown to the next gaze starts.
      const sky = tab.getByRole('article', { name: `Night sky #${skyId}` })
      await expect(sky.getByRole('status')).toHaveText(/^A new star! 1 of \d+ revealed\.$/)
      await expect(sky.getByText(/^Next gaze in/)).toBeVisible()
    }),
  )
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('chainellation.pending')))
  expect(kept).toEqual([])
})
