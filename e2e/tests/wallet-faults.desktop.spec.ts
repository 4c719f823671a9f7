import { chainellationAbi } from '@chainellation/contracts'
import { type Hash, toHex } from 'viem'
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
  yours,
} from '../support/mint-flow'
import type { StackInfo } from '../support/stack-env'
import type { Address, TestWallet } from '../support/test-wallet'

// Faults of the wallet whose handling does not depend on the width of the page: the desktop run only.

test.use(freshWallet)

const ownerOf = (stack: StackInfo, skyId: bigint) =>
  client(stack).readContract({
    address: stack.contracts.Chainellation as Address,
    abi: chainellationAbi,
    functionName: 'ownerOf',
    args: [skyId],
  })

/** Every transaction the wallet was asked to send came from `account`. */
function sentFrom(wallet: TestWallet) {
  return wallet.requests
    .filter((r) => r.method === 'eth_sendTransaction')
    .map((r) => String((r.params[0] as { from?: string }).from).toLowerCase())
}

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
