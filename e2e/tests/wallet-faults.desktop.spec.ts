import { chainellationAbi } from '@chainellation/contracts'
import type { Page } from '@playwright/test'
import { createPublicClient, encodeFunctionData, type Hash, http, parseEventLogs, toHex, zeroAddress } from 'viem'
import { connectTestWallet } from '../support/app'
import { chainTime, mintSky, offsetWhereItIs } from '../support/chain'
import { expect, freshAccount, test } from '../support/fault-tally'
import type { StackInfo } from '../support/stack-env'
import type { Address, TestWallet } from '../support/test-wallet'

// Faults whose handling does not depend on the width of the page: the desktop run only.

// The app's sentences for a transaction that ended without doing its work (web/src/lib/wallet/utils/error-message.ts).
const CANCELLED = 'The transaction was cancelled in your wallet; nothing was done.'
const DROPPED =
  'The network dropped this transaction without mining it (or your wallet replaced it). Check your wallet before you try again.'
const REVERTED = 'The transaction failed on chain. Only the owner of this sky can do that.'
const LOCAL_CHAIN = 31337

test.use({
  walletOptions: async ({ rpc }, use) => {
    const { address, privateKey } = await freshAccount(rpc)
    await use({ account: address, privateKeys: [privateKey] })
  },
})

type Rpc = (method: string, params: unknown[]) => Promise<unknown>
type RpcTransaction = {
  hash: Hash
  to: Address
  input: `0x${string}`
  value: `0x${string}`
  gas: `0x${string}`
  maxFeePerGas: `0x${string}`
  maxPriorityFeePerGas: `0x${string}`
}

const client = (stack: StackInfo) => createPublicClient({ transport: http(stack.rpcUrl) })
const ownerOf = (stack: StackInfo, skyId: bigint) =>
  client(stack).readContract({
    address: stack.contracts.Chainellation as Address,
    abi: chainellationAbi,
    functionName: 'ownerOf',
    args: [skyId],
  })
const nonceOf = async (rpc: Rpc, account: Address) => Number(await rpc('eth_getTransactionCount', [account, 'latest']))

/**
 * The sky a mint transaction minted, from its receipt. Waited for: a transaction held behind a nonce gap is mined in a
 * block of its own after the one that fills the gap, which anvil mines a moment after answering the filling send.
 */
async function mintedBy(stack: StackInfo, hash: Hash): Promise<bigint> {
  const receipt = await client(stack).waitForTransactionReceipt({ hash, pollingInterval: 50 })
  const minted = parseEventLogs({ abi: chainellationAbi, eventName: 'Transfer', logs: receipt.logs }).find(
    (log) => log.args.from === zeroAddress,
  )
  if (!minted) throw new Error(`${hash} minted nothing`)
  return minted.args.id
}

const mintButton = (page: Page) => page.getByRole('button', { name: 'Mint for free' })
const yours = (page: Page, skyId?: bigint) =>
  page.getByRole('heading', { name: skyId ? `Night sky #${skyId} is yours` : /^Night sky #\d+ is yours$/ })
const expectNoAlert = (page: Page) => expect(page.getByRole('alert')).toHaveCount(0)

/** Every transaction the wallet was asked to send came from `account`. */
function sentFrom(wallet: TestWallet) {
  return wallet.requests
    .filter((r) => r.method === 'eth_sendTransaction')
    .map((r) => String((r.params[0] as { from?: string }).from).toLowerCase())
}

/** Opens /mint connected and signed in. */
async function openMint(page: Page, wallet: TestWallet) {
  await page.goto('/mint')
  await connectTestWallet(page, wallet)
  await expect(mintButton(page)).toBeEnabled()
}

/**
 * Presses Mint while the wallet sends with the nonce after next: the node keeps the mint waiting until the gap is
 * filled (`fill`), the way a mint waits for a block, for this account only. Returns the mint as the node holds it.
 */
async function mintHeldByNonceGap(page: Page, wallet: TestWallet, rpc: Rpc) {
  const account = wallet.account
  const nonce = await nonceOf(rpc, account)
  wallet.tamperNext('eth_sendTransaction', ([tx]) => [{ ...(tx as object), nonce: toHex(nonce + 1) }])
  await mintButton(page).click()
  await expect(page.getByRole('button', { name: 'Minting…' })).toBeDisabled()
  const sent = (await rpc('eth_getTransactionBySenderAndNonce', [account, toHex(nonce + 1)])) as RpcTransaction
  // A wallet's speed-up or cancel comes once the page has seen what it sent (its sender and nonce, kept with the
  // pending mint): replaced before that, the transaction could be anyone's, and no page could follow it.
  await expect
    .poll(() =>
      page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.sent !== undefined,
        `chainellation.pending.mint.${LOCAL_CHAIN}.${account.toLowerCase()}`,
      ),
    )
    .toBe(true)
  const fill = () => rpc('eth_sendTransaction', [{ from: account, to: account, nonce: toHex(nonce) }])
  return { nonce: nonce + 1, sent, fill }
}

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

test.describe('an unknown chain (4902)', () => {
  test('deleted from the wallet mid-session: switching back adds it, switches, and minting works', async ({
    page,
    wallet,
    stack,
  }) => {
    await openMint(page, wallet)
    await wallet.removeChain(LOCAL_CHAIN)
    const switchBack = page.getByRole('button', { name: 'Wrong network — switch' })
    await switchBack.click()
    await page.getByRole('dialog').getByTestId(`rk-chain-option-${LOCAL_CHAIN}`).click()
    await expect(mintButton(page)).toBeEnabled()
    expect(wallet.chainId).toBe(LOCAL_CHAIN)
    const methods = wallet.methods
    const switched = methods.lastIndexOf('wallet_switchEthereumChain')
    expect(switched).toBeGreaterThan(0)
    expect(methods.indexOf('wallet_addEthereumChain', switched)).toBeGreaterThan(switched)
    const added = wallet.requests.find((r) => r.method === 'wallet_addEthereumChain')
    expect(added?.params[0]).toMatchObject({ chainId: toHex(LOCAL_CHAIN), rpcUrls: [expect.stringMatching(/^http/)] })
    // The chain the wallet was given works: the mint goes through it.
    await mintButton(page).click()
    await expect(yours(page)).toBeVisible()
    expect(await ownerOf(stack, BigInt((await yours(page).textContent())?.match(/#(\d+)/)?.[1] ?? 0))).toBe(
      wallet.account,
    )
  })
})

test.describe('the wallet switching account or chain mid-flow', () => {
  test('another account chosen before Mint is pressed: the mint is sent from it, and nothing from the first', async ({
    page,
    wallet,
    stack,
    rpc,
  }) => {
    await openMint(page, wallet)
    const first = wallet.account
    const before = await nonceOf(rpc, first)
    const other = await freshAccount(rpc)
    wallet.learnKey(other.privateKey)
    await wallet.setAccount(other.address)
    // The page follows: the new account shows in the header, with nothing to sign.
    await expect(page.getByRole('banner').getByTestId('rk-account-button')).toContainText(other.address.slice(-4))

    await mintButton(page).click()
    await expect(yours(page)).toBeVisible()
    const skyId = BigInt((await yours(page).textContent())?.match(/#(\d+)/)?.[1] ?? 0)
    expect(await ownerOf(stack, skyId)).toBe(other.address)
    expect(sentFrom(wallet)).toEqual([other.address.toLowerCase()])
    expect(await nonceOf(rpc, first)).toBe(before)
  })

  test('another account chosen while the wallet shows the mint: the page follows, the old request sends nothing', async ({
    page,
    wallet,
    stack,
    rpc,
  }) => {
    await openMint(page, wallet)
    const first = wallet.account
    const before = await nonceOf(rpc, first)
    const prompt = wallet.holdNext('eth_sendTransaction')
    await mintButton(page).click()
    await expect(page.getByRole('button', { name: 'Confirm in your wallet…' })).toBeDisabled()
    expect((await prompt.arrived).params[0]).toMatchObject({ from: first })

    const other = await freshAccount(rpc)
    await wallet.setAccount(other.address)
    // The new account's own form, ready; nothing of the first account's mint.
    await expect(mintButton(page)).toBeEnabled()
    await expectNoAlert(page)
    // The person confirms the old prompt: the wallet no longer acts for that account, and the page says nothing.
    expect(await prompt.approve()).toMatchObject({ error: { code: 4100 } })
    await expect(mintButton(page)).toBeEnabled()
    await expectNoAlert(page)
    expect(await nonceOf(rpc, first)).toBe(before)

    await mintButton(page).click()
    await expect(yours(page)).toBeVisible()
    const skyId = BigInt((await yours(page).textContent())?.match(/#(\d+)/)?.[1] ?? 0)
    expect(await ownerOf(stack, skyId)).toBe(other.address)
    expect(sentFrom(wallet)).toEqual([first.toLowerCase(), other.address.toLowerCase()])
    expect(await nonceOf(rpc, first)).toBe(before)
  })

  test('another chain chosen while the wallet shows the mint: the page follows, and the mint, confirmed, is not lost', async ({
    page,
    wallet,
    stack,
  }) => {
    await openMint(page, wallet)
    const prompt = wallet.holdNext('eth_sendTransaction')
    await mintButton(page).click()
    await prompt.arrived
    await wallet.setChain(1)
    const switchBack = page.getByRole('button', { name: 'Wrong network — switch' })
    await expect(switchBack).toBeEnabled()
    await expectNoAlert(page)
    // Confirmed in the wallet, the mint goes to the chain it was asked on, from the account that asked.
    const answer = await prompt.approve()
    expect(answer).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    const hash = (answer as { result: Hash }).result
    const receipt = await client(stack).waitForTransactionReceipt({ hash })
    expect(receipt).toMatchObject({ status: 'success', from: wallet.account.toLowerCase() })
    const skyId = await mintedBy(stack, hash)
    await expect(switchBack).toBeEnabled()
    await expectNoAlert(page)
    // Back on the game's chain, the page shows the sky that mint made.
    await wallet.setChain(LOCAL_CHAIN)
    await expect(yours(page, skyId)).toBeVisible()
    expect(wallet.methods.filter((m) => m === 'eth_sendTransaction')).toHaveLength(1)
  })

  test('another account chosen while the mint is mined: its own form, and back, the mint resolved', async ({
    page,
    wallet,
    stack,
    rpc,
  }) => {
    await openMint(page, wallet)
    const first = wallet.account
    const { sent, fill } = await mintHeldByNonceGap(page, wallet, rpc)
    const other = await freshAccount(rpc)
    await wallet.setAccount(other.address)
    await expect(mintButton(page)).toBeEnabled()
    await expect(page.getByRole('button', { name: 'Minting…' })).toHaveCount(0)
    await expectNoAlert(page)
    // The first account's mint is mined meanwhile.
    await fill()
    const skyId = await mintedBy(
      stack,
      (await client(stack).waitForTransactionReceipt({ hash: sent.hash })).transactionHash,
    )
    await wallet.setAccount(first)
    await expect(yours(page, skyId)).toBeVisible()
    expect(await ownerOf(stack, skyId)).toBe(first)
  })
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
    await page.goto('/stargaze')
    await connectTestWallet(page, wallet)
    const card = page.getByRole('article', { name: `Night sky #${skyId}` })
    await expect(card.getByRole('button', { name: 'Gaze' })).toBeEnabled()
    // The gaze waits for a free nonce; meanwhile, from another tab, the sky is given away with the nonce before it.
    const nonce = await nonceOf(rpc, account)
    wallet.tamperNext('eth_sendTransaction', ([tx]) => [{ ...(tx as object), nonce: toHex(nonce + 1) }])
    await card.getByRole('button', { name: 'Gaze' }).click()
    await expect(card.getByRole('button', { name: 'Gazing…' })).toBeDisabled()
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
