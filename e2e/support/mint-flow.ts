// What the wallet's and the transactions' fault specs share: each test's fresh account, the chain's view of a
// mint, and /mint driven step by step, down to a mint the node holds back.
import { chainellationAbi } from '@chainellation/contracts'
import type { Page } from '@playwright/test'
import { createPublicClient, type Hash, http, parseEventLogs, toHex, zeroAddress } from 'viem'
import { openConnected } from './app'
import type { Rpc } from './chain'
import { expect, freshAccount, type test } from './fault-tally'
import type { StackInfo } from './stack-env'
import type { Address, TestWallet } from './test-wallet'

export const LOCAL_CHAIN = 31337

/** For `test.use`: each test's wallet acts for a fresh account, whose key it holds. */
export const freshWallet: Parameters<typeof test.use>[0] = {
  walletOptions: async ({ rpc }, use) => {
    const { address, privateKey } = await freshAccount(rpc)
    await use({ account: address, privateKeys: [privateKey] })
  },
}

export type RpcTransaction = {
  hash: Hash
  to: Address
  input: `0x${string}`
  value: `0x${string}`
  gas: `0x${string}`
  maxFeePerGas: `0x${string}`
  maxPriorityFeePerGas: `0x${string}`
}

export const client = (stack: StackInfo) => createPublicClient({ transport: http(stack.rpcUrl) })
export const nonceOf = async (rpc: Rpc, account: Address) =>
  Number(await rpc('eth_getTransactionCount', [account, 'latest']))

/**
 * The sky a mint transaction minted, from its receipt. Waited for: a transaction held behind a nonce gap is mined in a
 * block of its own after the one that fills the gap, which anvil mines a moment after answering the filling send.
 */
export async function mintedBy(stack: StackInfo, hash: Hash): Promise<bigint> {
  const receipt = await client(stack).waitForTransactionReceipt({ hash, pollingInterval: 50 })
  const minted = parseEventLogs({ abi: chainellationAbi, eventName: 'Transfer', logs: receipt.logs }).find(
    (log) => log.args.from === zeroAddress,
  )
  if (!minted) throw new Error(`${hash} minted nothing`)
  return minted.args.id
}

export const mintButton = (page: Page) => page.getByRole('button', { name: 'Mint for free' })
export const yours = (page: Page, skyId?: bigint) =>
  page.getByRole('heading', { name: skyId ? `Night sky #${skyId} is yours` : /^Night sky #\d+ is yours$/ })
export const expectNoAlert = (page: Page) => expect(page.getByRole('alert')).toHaveCount(0)

/** Opens /mint as a returning player, whose wallet reconnects on load (not signed in). */
export async function openMint(page: Page, wallet: TestWallet) {
  await openConnected(page, wallet, '/mint')
  await expect(mintButton(page)).toBeEnabled()
}

/**
 * Presses Mint while the wallet sends with the nonce after next: the node keeps the mint waiting until the gap is
 * filled (`fill`), the way a mint waits for a block, for this account only. Returns the mint as the node holds it.
 */
export async function mintHeldByNonceGap(page: Page, wallet: TestWallet, rpc: Rpc) {
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
