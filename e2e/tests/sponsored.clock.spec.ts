import {
  chainellationAbi,
  chainellationForwarderAbi,
  forwarderDomain,
  forwardRequestTypes,
} from '@chainellation/contracts'
import type { Locator, Page } from '@playwright/test'
import { type Address, createPublicClient, encodeFunctionData, type Hex, http, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { decorationLayer, openConnected } from '../support/app'
import { chainTime, layersOf, mintSky, offsetWhereItIs, setChainTime, skyOf } from '../support/chain'
import { freshAccount } from '../support/fault-tally'
import { expect, test } from '../support/fixtures'
import type { StackInfo } from '../support/stack-env'
import type { TestWallet } from '../support/test-wallet'

// The game pays a new player's gas (docs/decisions/sponsored-writes.md): a wallet that holds no ether signs each
// write as a request for the game's forwarder, and the local API's relayer sends it. In the `clock` project, alone:
// the first test holds the chain's blocks back (automine off) to reload while a relayed mint waits for its block,
// which would hold up every test running beside it.
test.describe.configure({ mode: 'serial' })

/** The player's key, for the test to sign requests of its own. */
let playerKey: Hex
test.use({
  paysOwnGas: false,
  walletOptions: async ({ rpc }, use) => {
    const { address, privateKey } = await freshAccount(rpc)
    playerKey = privateKey
    await rpc('anvil_setBalance', [address, '0x0'])
    await use({ account: address, privateKeys: [privateKey] })
  },
})

const FREE_MINT = 'Mint: free, the game pays the gas'
const client = (stack: StackInfo) => createPublicClient({ transport: http(stack.rpcUrl) })
const balanceOf = (stack: StackInfo, address: Address) => client(stack).getBalance({ address })
const card = (page: Page, id: bigint) => page.getByRole('article', { name: `Night sky #${id}` })

/** The wallet signed `requests` requests for the game's forwarder, sent no transaction, and holds what it held: nothing. */
async function expectGamePaid(stack: StackInfo, wallet: TestWallet, requests: number) {
  expect(wallet.methods.filter((m) => m === 'eth_signTypedData_v4')).toHaveLength(requests)
  expect(wallet.methods).not.toContain('eth_sendTransaction')
  expect(await balanceOf(stack, wallet.account)).toBe(0n)
}

/**
 * Picks, in the mint page's list, a time zone where it is evening by the chain's clock (19:00 to 23:59: night, with
 * hours to spare), from the offsets the options name ("UTC+5:45 · Asia / Kathmandu").
 */
async function chooseEvening(select: Locator, now: number) {
  await select.focus()
  await expect(select.locator('option')).not.toHaveCount(1)
  const options = await select
    .locator('option')
    .evaluateAll((list) => list.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })))
  const offsetOf = (label: string) => {
    const [, sign, hours = '0', minutes = '0'] = /^UTC(?:([+−-])(\d+)(?::(\d\d))?)?/.exec(label) ?? []
    return (sign === '+' ? 1 : -1) * (Number(hours) * 3600 + Number(minutes) * 60)
  }
  const evening = options.find(({ label }) => {
    const local = (((now + offsetOf(label)) % 86_400) + 86_400) % 86_400
    return local >= 19 * 3600 && local < 24 * 3600
  })
  if (!evening) throw new Error('no time zone in the list is in its evening')
  await select.selectOption(evening.value)
}

/** The forwarder's count of `address`'s requests: the nonce its next one is signed at. */
const forwarderNonce = (stack: StackInfo, address: Address) =>
  client(stack).readContract({
    address: stack.contracts.Forwarder as Address,
    abi: chainellationForwarderAbi,
    functionName: 'nonces',
    args: [address],
  })

/**
 * Signs a free mint as `key`'s request to the forwarder and hands it to the relayer, as the page would; an accepted
 * one is waited for until the forwarder has counted it, as the page follows its transaction before the next. A 202
 * answers once the relayer has broadcast it, which the node may mine a moment later: a request signed in that moment
 * would take the nonce the first is about to use, and the relayer, reading the nonce after the block, refuse it.
 */
async function relayMint(page: Page, stack: StackInfo, key: Hex) {
  const player = privateKeyToAccount(key)
  const forwarder = stack.contracts.Forwarder as Address
  const to = stack.contracts.Chainellation as Address
  const data = encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [0] })
  const nonce = await forwarderNonce(stack, player.address)
  const message = {
    from: player.address,
    to,
    value: 0n,
    // Less than the page asks for the same call (its estimate and 30%): once these no longer fit the day, the
    // page's does not either.
    gas: ((await client(stack).estimateGas({ account: player.address, to, data })) * 120n) / 100n,
    nonce,
    // By the chain's clock, which the clock specs move on.
    deadline: (await chainTime(stack)) + 600,
    data,
  }
  const signature = await player.signTypedData({
    domain: forwarderDomain(stack.chainId, forwarder),
    types: forwardRequestTypes,
    primaryType: 'ForwardRequest',
    message,
  })
  const answer = await page.request.post('/api/relay', {
    // The forwarder's nonce is the relayer's to read, as the page leaves it out.
    data: {
      from: message.from,
      to,
      value: '0',
      gas: message.gas.toString(),
      deadline: message.deadline,
      data,
      signature,
    },
  })
  if (answer.status() === 202) await expect.poll(() => forwarderNonce(stack, player.address)).toBeGreaterThan(nonce)
  return answer
}

test('a wallet with no ether mints a sky, the game paying; a reload while it waits for its block resumes', async ({
  page,
  wallet,
  stack,
  rpc,
}) => {
  // The chain's clock hours ahead of this machine's, as the clock specs leave it: a request's deadline follows the
  // chain's, or the forwarder would call it expired.
  await setChainTime(rpc, (await chainTime(stack)) + 3 * 3600)
  await openConnected(page, wallet, '/mint')
  await chooseEvening(page.getByLabel('Time zone'), await chainTime(stack))
  await expect(page.getByText(/^Free, the game pays the gas/)).toBeVisible()
  const mint = page.getByRole('button', { name: FREE_MINT })
  await expect(mint).toBeEnabled()
  // Its longer label keeps to a phone's width: it wraps there rather than push the panel past the screen.
  await page.setViewportSize({ width: 375, height: 812 })
  const box = await mint.boundingBox()
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375)
  await page.setViewportSize({ width: 1280, height: 800 })

  // Blocks are held back: the relayed mint waits in the node's pool while the page reloads.
  await rpc('evm_setAutomine', [false])
  try {
    await mint.click()
    await expect(page.getByRole('button', { name: 'Minting…' })).toBeDisabled()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Minting…' })).toBeDisabled()
  } finally {
    await rpc('evm_setAutomine', [true])
  }
  await rpc('evm_mine', [])
  const title = page.getByRole('heading', { name: /^Night sky #\d+ is yours$/ })
  await expect(title).toBeVisible()
  const skyId = BigInt((await title.textContent())?.match(/#(\d+)/)?.[1] ?? 0)
  const owner = await client(stack).readContract({
    address: stack.contracts.Chainellation as Address,
    abi: chainellationAbi,
    functionName: 'ownerOf',
    args: [skyId],
  })
  expect(owner.toLowerCase()).toBe(wallet.account.toLowerCase())

  await expectGamePaid(stack, wallet, 1)
})

// Apart from the mint: together they took 18–21 s on two cores and ran past the 30 s budget under a one-core quota.
test('a wallet with no ether gazes at its sky and dresses it, the game paying', async ({
  page,
  wallet,
  stack,
  rpc,
}) => {
  // Ahead of this machine's clock, as above.
  await setChainTime(rpc, (await chainTime(stack)) + 3 * 3600)
  // A sky of the player's own, at night where it lives, minted with ether lent for the mint and taken back.
  await rpc('anvil_setBalance', [wallet.account, toHex(10n ** 18n)])
  const skyId = await mintSky(stack, rpc, wallet.account, offsetWhereItIs(21, await chainTime(stack)))
  await rpc('anvil_setBalance', [wallet.account, '0x0'])
  await openConnected(page, wallet, '/stargaze')

  // A night's gaze, relayed and followed to the revealed star.
  const sky = card(page, skyId)
  await expect(page.getByText(/^Free, the game pays the gas/)).toBeVisible()
  await sky.getByRole('button', { name: 'Gaze' }).click()
  await expect(sky.getByText(/^1 \/ \d+$/)).toBeVisible()
  expect((await skyOf(stack, skyId)).gazes).toBe(1)

  // Dressed with a free decoration, relayed too.
  await page.goto(`/compose/${skyId}`)
  await decorationLayer(page, 'Silhouette')
    .getByRole('radio', { name: /Rolling Hills/ })
    .check()
  await expect(page.getByText(/^Free, the game pays the gas/)).toBeVisible()
  await page.getByRole('button', { name: 'Apply 1 change' }).click()
  await expect(page.getByRole('button', { name: 'Applied' })).toBeVisible()
  const [silhouette] = await layersOf(stack, skyId)
  expect(silhouette.decorationId).toBeGreaterThan(0)

  await expectGamePaid(stack, wallet, 2)
})

test('a player past the gas the game pays a day is told so, and pays it from the wallet', async ({
  page,
  wallet,
  stack,
  rpc,
}) => {
  // The player's day of free gas spent, request by request, until the relayer says no. A send holds its most possible
  // cost until its receipt settles it at what it cost (the relayer's keeper, every 2 s), which frees the rest: the day
  // is spent once a request is refused with nothing left to settle.
  const queued = async () =>
    ((await (await page.request.get('/api/health')).json()) as { relay: { queued?: number } }).relay.queued
  for (let sent = 0; ; sent++) {
    expect(sent, 'requests relayed before the budget ran out').toBeLessThan(400)
    const answer = await relayMint(page, stack, playerKey)
    if (answer.status() !== 429) {
      expect(answer.status(), await answer.text()).toBe(202)
      continue
    }
    await expect.poll(queued).toBe(0)
    if ((await relayMint(page, stack, playerKey)).status() === 429) break
  }

  await openConnected(page, wallet, '/mint')
  // The page's request may still fit what is left (its gas and the fee of its moment are its own): the player mints
  // on until the relayer says no.
  const refusal = page.getByRole('alert').filter({ hasText: 'You have used the gas the game pays for you today' })
  const minted = page.getByRole('heading', { name: /^Night sky #\d+ is yours$/ })
  for (let pressed = 0; ; pressed++) {
    expect(pressed, 'free mints of the page’s once the test’s were refused').toBeLessThan(4)
    await page.getByRole('button', { name: FREE_MINT }).click()
    await expect(refusal.or(minted)).toBeVisible()
    if (await refusal.isVisible()) break
    await page.getByRole('button', { name: 'Mint another sky' }).click()
  }
  expect(wallet.methods).not.toContain('eth_sendTransaction')

  // With ether of its own, the wallet sends the mint itself.
  await rpc('anvil_setBalance', [wallet.account, '0xde0b6b3a7640000'])
  await refusal.getByRole('button', { name: 'Pay the gas yourself' }).click()
  await expect(page.getByRole('heading', { name: /^Night sky #\d+ is yours$/ })).toBeVisible()
  expect(wallet.methods.filter((m) => m === 'eth_sendTransaction')).toHaveLength(1)
})
