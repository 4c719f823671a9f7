import { chainellationAbi } from '@chainellation/contracts'
import type { Page } from '@playwright/test'
import { encodeFunctionData, type Hash, toHex } from 'viem'
import { openConnected } from '../support/app'
import { chainTime, mintSky, offsetWhereItIs } from '../support/chain'
import { expect, freshAccount, test } from '../support/fault-tally'
import {
  client,
  expectNoAlert,
  freshWallet,
  LOCAL_CHAIN,
  mintButton,
  mintedBy,
  mintHeldByNonceGap,
  nonceOf,
  openMint,
  type RpcTransaction,
  yours,
} from '../support/mint-flow'
import type { Address } from '../support/test-wallet'

// Faults of a transaction on its way to a block, whose handling does not depend on the width of the page: the desktop
// run only.

// The app's sentences for a transaction that ended without doing its work (web/src/lib/wallet/utils/error-message.ts).
const CANCELLED = 'The transaction was cancelled in your wallet; nothing was done.'
const DROPPED =
  'The network dropped this transaction without mining it (or your wallet replaced it). Check your wallet before you try again.'
const REVERTED = 'The transaction failed on chain. Only the owner of this sky can do that.'

test.use(freshWallet)

/**
 * The page's next lookup of transaction `hash` (`eth_getTransactionByHash`) that the node answers with nothing, of
 * those sent at `since` (ms since the epoch) or later.
 */
function lookupUnanswered(page: Page, hash: Hash, since = 0) {
  return page.waitForResponse(async (response) => {
    if (response.request().timing().startTime < since) return false
    type Call = { id: number; method?: string; params?: unknown[] }
    let calls: Call[]
    try {
      calls = [response.request().postDataJSON()].flat()
    } catch {
      return false
    }
    const ids = calls
      .filter(
        (c) => c.method === 'eth_getTransactionByHash' && String(c.params?.[0]).toLowerCase() === hash.toLowerCase(),
      )
      .map((c) => c.id)
    if (!ids.length) return false
    const answers = [await response.json()].flat() as { id: number; result?: unknown }[]
    return answers.some((a) => ids.includes(a.id) && a.result === null)
  })
}

/** RainbowKit's records of `account`'s transactions on the local chain, as kept in local storage. */
async function records(page: Page, account: Address) {
  const all = await page.evaluate(() => JSON.parse(localStorage.getItem('rk-transactions') ?? '{}'))
  return ((all[account] ?? all[account.toLowerCase()])?.[String(LOCAL_CHAIN)] ?? []) as {
    hash: Hash
    description: string
    status: string
  }[]
}

/** The account modal lists `description` with `status`. */
async function expectListed(page: Page, description: string, status: 'Pending' | 'Confirmed' | 'Failed') {
  await page.getByRole('banner').getByTestId('rk-account-button').click()
  const modal = page.getByRole('dialog')
  await expect(modal.getByText(description)).toBeVisible()
  await expect(modal.getByText(status, { exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(modal).toHaveCount(0)
}

/** Fees that outbid `tx` for its nonce slot. */
const outbid = (tx: RpcTransaction) => ({
  maxFeePerGas: toHex(BigInt(tx.maxFeePerGas) * 2n),
  maxPriorityFeePerGas: toHex(BigInt(tx.maxPriorityFeePerGas) * 2n),
})

test.describe('a transaction waiting for its block', () => {
  test('reverted on chain (the sky changed hands before the gaze was mined): shown failed and recorded failed', async ({
    page,
    wallet,
    stack,
    rpc,
    tally,
  }) => {
    const account = wallet.account
    const tz = offsetWhereItIs(22, await chainTime(stack))
    const [skyId, kept] = [await mintSky(stack, rpc, account, tz), await mintSky(stack, rpc, account, tz)]
    await openConnected(page, wallet, '/stargaze')
    const card = page.getByRole('article', { name: `Night sky #${skyId}` })
    await expect(card.getByRole('button', { name: 'Gaze' })).toBeEnabled()
    // The gaze waits for a free nonce; meanwhile, from another tab, the sky is given away with the nonce before it.
    const nonce = await nonceOf(rpc, account)
    wallet.tamperNext('eth_sendTransaction', ([tx]) => [{ ...(tx as object), nonce: toHex(nonce + 1) }])
    await card.getByRole('button', { name: 'Gaze' }).click()
    await expect(card.getByRole('button', { name: 'Gazing…' })).toBeDisabled()
    // The button says so once the page has asked the wallet: the sky is given away only once the node holds the gaze,
    // or the node's estimate of the gaze, made as it arrives, would refuse it before it was ever sent.
    await expect.poll(() => rpc('eth_getTransactionBySenderAndNonce', [account, toHex(nonce + 1)])).not.toBeNull()
    const buyer = await freshAccount(rpc)
    await rpc('eth_sendTransaction', [
      {
        from: account,
        to: stack.contracts.Chainellation,
        data: encodeFunctionData({
          abi: chainellationAbi,
          functionName: 'transferFrom',
          args: [account, buyer.address, skyId],
        }),
        nonce: toHex(nonce),
      },
    ])
    tally.add('transaction reverted on chain')
    await expect(page.getByRole('alert')).toHaveText(REVERTED)
    // Its notification says so too, in the same words.
    await expect(
      page
        .getByRole('region', { name: /Notifications/ })
        .locator('[data-sonner-toast][data-type="error"]')
        .filter({ hasText: `Stargaze at night sky #${skyId}` }),
    ).toContainText(REVERTED)
    // Mined, and failed: the chain's receipt, RainbowKit's record and the account modal agree. RainbowKit's
    // transaction store watches the receipt on its own, a poll after the page's watcher may have seen it.
    const gaze = (await rpc('eth_getTransactionBySenderAndNonce', [account, toHex(nonce + 1)])) as RpcTransaction
    expect(await rpc('eth_getTransactionReceipt', [gaze.hash])).toMatchObject({ status: '0x0' })
    await expect
      .poll(() => records(page, account))
      .toContainEqual(
        expect.objectContaining({ hash: gaze.hash, description: `Stargaze at night sky #${skyId}`, status: 'failed' }),
      )
    await expectListed(page, `Stargaze at night sky #${skyId}`, 'Failed')
    // The page is ready: the sky is gone from the list, the other one can be gazed at.
    await expect(card).toHaveCount(0)
    await expect(
      page.getByRole('article', { name: `Night sky #${kept}` }).getByRole('button', { name: 'Gaze' }),
    ).toBeEnabled()
  })

  // A reload and a second tab each load the whole app again while the first page watches its mint: one test each,
  // as together, with the account modal, they took 32 s of a 30 s budget on a busy two-core runner.
  test('a reload restores a pending mint, which resolves; the record confirmed and nothing kept', async ({
    page,
    wallet,
    rpc,
    tally,
  }) => {
    await openMint(page, wallet)
    const { fill } = await mintHeldByNonceGap(page, wallet, rpc)
    await page.reload()
    tally.add('reload while pending')
    await expect(page.getByRole('button', { name: 'Minting…' })).toBeDisabled()
    const [record] = await records(page, wallet.account)
    expect(record).toMatchObject({ description: expect.stringMatching(/^Mint night sky #\d+$/), status: 'pending' })
    await expectListed(page, record?.description ?? '', 'Pending')

    await fill()
    await expect(yours(page)).toBeVisible()
    // The record names the sky the mint got (another test's mint may have taken the one foreseen when it was sent).
    const mined = `Mint ${(await yours(page).textContent())?.replace(/ is yours$/, '').toLowerCase()}`
    await expectListed(page, mined, 'Confirmed')
    const kept = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('chainellation.pending')),
    )
    expect(kept).toEqual([])
  })

  test('a second tab of the same browser shows a pending mint too, and both resolve to the same sky', async ({
    page,
    wallet,
    rpc,
  }) => {
    await openMint(page, wallet)
    const { fill } = await mintHeldByNonceGap(page, wallet, rpc)
    const other = await page.context().newPage()
    await wallet.install(other)
    await other.goto('/mint')
    await expect(other.getByRole('button', { name: 'Minting…' })).toBeDisabled()

    await fill()
    for (const tab of [page, other]) await expect(yours(tab)).toBeVisible()
    expect(await yours(other).textContent()).toBe(await yours(page).textContent())
  })

  test('another player’s mint lands first: the page and the record name the sky this mint got', async ({
    page,
    wallet,
    stack,
    rpc,
  }) => {
    await openMint(page, wallet)
    const { sent, fill } = await mintHeldByNonceGap(page, wallet, rpc)
    // The record names the sky the simulation foresaw…
    await expect.poll(async () => (await records(page, wallet.account)).length).toBe(1)
    const [written] = await records(page, wallet.account)
    const foreseen = BigInt(/^Mint night sky #(\d+)$/.exec(written?.description ?? '')?.[1] ?? -1)
    // …and another player takes it.
    const theirs = await mintSky(stack, rpc, (await freshAccount(rpc)).address)
    expect(theirs).toBeGreaterThanOrEqual(foreseen)
    await fill()
    await expect(yours(page)).toBeVisible()
    const skyId = await mintedBy(stack, sent.hash)
    expect(skyId).toBeGreaterThan(theirs)
    await expect(yours(page, skyId)).toBeVisible()
    await expectListed(page, `Mint night sky #${skyId}`, 'Confirmed')
    expect(await records(page, wallet.account)).toEqual([
      expect.objectContaining({ hash: sent.hash, description: `Mint night sky #${skyId}`, status: 'confirmed' }),
    ])
  })
})

test.describe('a transaction that leaves the network', () => {
  test('dropped by the node: the page says so within a bounded time, and minting again works', async ({
    page,
    wallet,
    stack,
    rpc,
    tally,
  }) => {
    // The app gives a transaction the node no longer knows 30 s before it says so: on the page's clock, which the
    // test moves forward instead of waiting (Playwright's clock runs as the real one until then).
    await page.clock.install()
    await openMint(page, wallet)
    // Other tests mint alongside this one: the account's own skies are counted.
    const skies = () =>
      client(stack).readContract({
        address: stack.contracts.Chainellation as Address,
        abi: chainellationAbi,
        functionName: 'balanceOf',
        args: [wallet.account],
      })
    const { nonce, sent } = await mintHeldByNonceGap(page, wallet, rpc)
    const missing = lookupUnanswered(page, sent.hash)
    // The node evicts the account's waiting transaction, as a node short of room does.
    await rpc('anvil_removePoolTransactions', [wallet.account])
    expect(await rpc('eth_getTransactionByHash', [sent.hash])).toBeNull()
    tally.add('transaction dropped')
    // The page finds the transaction gone and keeps waiting for it, 20 s later still (the real seconds the test takes
    // meanwhile count too: on a slow machine, several)…
    await missing
    await page.clock.fastForward(20_000)
    // A lookup sent since, answered, and another sent after that answer: the page kept waiting.
    await lookupUnanswered(page, sent.hash, Date.now())
    await lookupUnanswered(page, sent.hash, Date.now())
    await expect(page.getByText(DROPPED)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Minting…' })).toBeDisabled()
    // …and says so once it has not known it for 30 s. The page may have found it gone only after the jump above (the
    // lookup seen may have been viem's, and the jump cuts short the page's own wait between two lookups): then 20 s
    // more. Within 51 s of the page's time either way.
    const alert = page.getByRole('alert').filter({ hasText: DROPPED })
    await page.clock.fastForward(11_000)
    if (
      !(await alert.waitFor({ timeout: 3000 }).then(
        () => true,
        () => false,
      ))
    )
      await page.clock.fastForward(20_000)
    await expect(page.getByRole('alert')).toHaveText(DROPPED)
    await expect(mintButton(page)).toBeEnabled()
    expect(await nonceOf(rpc, wallet.account)).toBe(nonce - 1)
    expect(await skies()).toBe(0n)
    await mintButton(page).click()
    await expect(yours(page)).toBeVisible()
    expect(await skies()).toBe(1n)
  })

  test('cancelled in the wallet (its nonce taken by a transfer to itself): the page says so and is ready', async ({
    page,
    wallet,
    rpc,
    tally,
  }) => {
    await openMint(page, wallet)
    const { nonce, sent, fill } = await mintHeldByNonceGap(page, wallet, rpc)
    await rpc('eth_sendTransaction', [
      { from: wallet.account, to: wallet.account, value: '0x0', nonce: toHex(nonce), ...outbid(sent) },
    ])
    tally.add('transaction replaced in the wallet')
    await fill()
    await expect(page.getByRole('alert')).toHaveText(CANCELLED)
    await expect(mintButton(page)).toBeEnabled()
    await expect(yours(page)).toHaveCount(0)
  })

  test('sped up in the wallet (same mint, higher fee): the page follows the replacement to the sky', async ({
    page,
    wallet,
    stack,
    rpc,
    tally,
  }) => {
    await openMint(page, wallet)
    const { nonce, sent, fill } = await mintHeldByNonceGap(page, wallet, rpc)
    const faster = (await rpc('eth_sendTransaction', [
      {
        from: wallet.account,
        to: sent.to,
        data: sent.input,
        value: sent.value,
        gas: sent.gas,
        nonce: toHex(nonce),
        ...outbid(sent),
      },
    ])) as Hash
    tally.add('transaction replaced in the wallet')
    await fill()
    const skyId = await mintedBy(stack, faster)
    await expect(yours(page, skyId)).toBeVisible()
    await expectNoAlert(page)
    // The account modal lists the replacement, mined.
    await page.getByRole('banner').getByTestId('rk-account-button').click()
    await expect(page.getByRole('dialog').getByText(`Mint night sky #${skyId}`).first()).toBeVisible()
  })
})
