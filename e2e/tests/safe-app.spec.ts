import { chainellationAbi } from '@chainellation/contracts'
import { safeAbi } from '@chainellation/contracts/safe'
import type { FrameLocator, Page } from '@playwright/test'
import { type Address, createPublicClient, http } from 'viem'
import { isWide, session, signMessageButton } from '../support/app'
import { chainTime, layersOf, mintSky, offsetWhereItIs, skyOf, transferToken } from '../support/chain'
import { expect, test } from '../support/fixtures'
import { freshSafe, SafeHost, type SafeHostOptions } from '../support/safe-host'
import type { StackInfo } from '../support/stack-env'
import { ANVIL_ACCOUNTS } from '../support/test-wallet'

// The app as a Safe App: framed by a stand-in for Safe{Wallet} (our own parent page answering the Safe Apps
// SDK's messages) with a real Safe on the local chain behind it. No injected wallet: the Safe is the wallet.

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

const read = (stack: StackInfo) => createPublicClient({ transport: http(stack.rpcUrl) })

const skiesOf = (stack: StackInfo, owner: Address) =>
  read(stack).readContract({
    address: stack.contracts.Chainellation as Address,
    abi: chainellationAbi,
    functionName: 'balanceOf',
    args: [owner],
  })

const ownerOf = (stack: StackInfo, skyId: bigint) =>
  read(stack).readContract({
    address: stack.contracts.Chainellation as Address,
    abi: chainellationAbi,
    functionName: 'ownerOf',
    args: [skyId],
  })

async function hostFor(
  stack: StackInfo,
  safe: Awaited<ReturnType<typeof freshSafe>>,
  proposers?: number,
  timing: Pick<SafeHostOptions, 'infoDelayMs'> = {},
) {
  return new SafeHost({
    ...timing,
    rpcUrl: stack.rpcUrl,
    chainId: stack.chainId,
    contracts: stack.safes.contracts,
    safe: safe.address,
    owners: safe.owners,
    threshold: safe.threshold,
    proposers,
  })
}

/** The minted sky's id from the success view's heading. */
async function mintedSkyId(app: FrameLocator) {
  const title = app.getByRole('heading', { name: /^Night sky #\d+ is yours$/ })
  await expect(title).toBeVisible()
  return BigInt((await title.textContent())?.match(/#(\d+)/)?.[1] ?? 0)
}

/** The account RainbowKit shows once connected: on the header button from 768 px up, in the account modal below. */
async function expectAccountShown(page: Page, app: FrameLocator, address: string) {
  const button = app.getByRole('banner').getByTestId('rk-account-button')
  await expect(button).toBeVisible()
  if (isWide(page)) return expect(button).toContainText(short(address))
  await button.click()
  await expect(app.getByRole('dialog').getByText(short(address), { exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
}

test.describe('as a Safe App inside Safe{Wallet}', () => {
  test('connects to the Safe by itself and mints from a 1-of-1 Safe; the sky belongs to the Safe', async ({
    page,
    stack,
    rpc,
  }, testInfo) => {
    const safe = await freshSafe(stack, rpc)
    const host = await hostFor(stack, safe)
    const app = await host.open(page, { parentOrigin: stack.safeParentOrigin, appUrl: `${stack.webUrl}/mint` })

    // Connected to the Safe with no modal and nothing to sign: the page offers to mint at once.
    const mint = app.getByRole('button', { name: 'Mint for free' })
    // The framed app loads, fetches its wallet stack and connects by itself.
    await expect(mint).toBeEnabled()
    await expectAccountShown(page, app, safe.address)
    await expect(app.getByRole('dialog')).toHaveCount(0)
    expect(host.methods[0]).toBe('getSafeInfo')

    const before = host.requests.length
    await mint.click()
    // The Safe has signed (its one owner) and the transaction waits for its execution, then lands.
    await expect(
      app.getByRole('status').filter({ hasText: 'waiting for an owner to execute it in your Safe' }),
    ).toBeVisible()
    await expect(app.getByRole('button', { name: 'Waiting for your Safe…' })).toBeDisabled()
    const skyId = await mintedSkyId(app)
    expect(await ownerOf(stack, skyId)).toBe(safe.address)
    expect(await read(stack).readContract({ address: safe.address, abi: safeAbi, functionName: 'nonce' })).toBe(1n)

    // What the app asked Safe{Wallet} during the mint, in order (repeats of a poll folded).
    const during = host.methods.slice(before).filter((m, i, all) => m !== all[i - 1])
    await testInfo.attach('sdk-messages-during-mint', { body: host.methods.slice(before).join('\n') })
    expect(during).toEqual(['sendTransactions', 'getTxBySafeTxHash'])
  })

  test('a 2-of-2 mint waits for the other owner, through a reload, and lands once they sign', async ({
    page,
    stack,
    rpc,
  }) => {
    const safe = await freshSafe(stack, rpc, { owners: 2, threshold: 2 })
    const host = await hostFor(stack, safe, 1)
    const app = await host.open(page, { parentOrigin: stack.safeParentOrigin, appUrl: `${stack.webUrl}/mint` })

    await app.getByRole('button', { name: 'Mint for free' }).click()
    await expect(
      app.getByRole('status').filter({ hasText: "Awaiting other owners' signatures in your Safe: 1 of 2 signed." }),
    ).toBeVisible()
    await expect(app.getByRole('button', { name: 'Waiting for your Safe…' })).toBeDisabled()
    expect(await skiesOf(stack, safe.address)).toBe(0n)

    // A reload finds the Safe transaction still waiting and keeps following it; nothing reached the chain.
    await page.reload()
    await expect(
      app.getByRole('main').getByText("Awaiting other owners' signatures in your Safe: 1 of 2 signed."),
    ).toBeVisible()
    await expect(app.getByRole('button', { name: 'Waiting for your Safe…' })).toBeDisabled()
    expect(await skiesOf(stack, safe.address)).toBe(0n)
    expect(host.proposed).toHaveLength(1)

    const [safeTxHash] = host.proposed
    if (!safeTxHash || !safe.owners[1]) throw new Error('no proposal to confirm')
    await host.confirm(safeTxHash, safe.owners[1])
    const skyId = await mintedSkyId(app)
    expect(await ownerOf(stack, skyId)).toBe(safe.address)
  })

  test('dresses a sky and gazes at it in one Safe transaction, followed through a reload until the owners sign', async ({
    page,
    stack,
    rpc,
  }, testInfo) => {
    const safe = await freshSafe(stack, rpc, { owners: 2, threshold: 2 })
    // A sky the Safe owns where it is night, so that it can be gazed at: minted by an anvil account and given to it.
    const from = ANVIL_ACCOUNTS[testInfo.parallelIndex % ANVIL_ACCOUNTS.length] as Address
    const skyId = await mintSky(stack, rpc, from, offsetWhereItIs(21, await chainTime(stack)))
    await transferToken(stack, rpc, stack.contracts.Chainellation as Address, from, safe.address, skyId)
    const host = await hostFor(stack, safe, 1)
    const app = await host.open(page, {
      parentOrigin: stack.safeParentOrigin,
      appUrl: `${stack.webUrl}/compose/${skyId}`,
    })
    await expectAccountShown(page, app, safe.address)

    // The Safe says it sends calls as one (EIP-5792): the page offers the night's gaze with the change, chosen.
    await app
      .getByRole('group', { name: /^Silhouette/ })
      .getByRole('radio', { name: /Rolling Hills/ })
      .check()
    await expect(app.getByRole('checkbox', { name: /^Gaze tonight too/ })).toBeChecked()
    await app.getByRole('button', { name: 'Apply 1 change and gaze' }).click()
    await expect(
      app.getByRole('status').filter({ hasText: "Awaiting other owners' signatures in your Safe: 1 of 2 signed." }),
    ).toBeVisible()

    // A reload finds the batch still waiting in the Safe and keeps following it.
    await page.reload()
    await expect(
      app.getByRole('main').getByText("Awaiting other owners' signatures in your Safe: 1 of 2 signed."),
    ).toBeVisible()
    expect((await skyOf(stack, skyId)).gazes).toBe(0)

    // One Safe transaction for both: the change and the gaze land together once the other owner signs.
    expect(host.proposed).toHaveLength(1)
    const [safeTxHash] = host.proposed
    if (!safeTxHash || !safe.owners[1]) throw new Error('no proposal to confirm')
    await host.confirm(safeTxHash, safe.owners[1])
    await expect(app.getByRole('button', { name: 'Applied' })).toBeVisible()
    expect((await skyOf(stack, skyId)).gazes).toBe(1)
    const [silhouette] = await layersOf(stack, skyId)
    expect(silhouette.decorationId).toBeGreaterThan(0)
    expect(await read(stack).readContract({ address: safe.address, abi: safeAbi, functionName: 'nonce' })).toBe(1n)
    expect(host.methods.filter((m) => m === 'sendTransactions')).toHaveLength(1)
  })

  test('signs in from the Safe when a draft is saved: the server checks the Safe signature on chain (ERC-1271)', async ({
    page,
    stack,
    rpc,
  }, testInfo) => {
    const safe = await freshSafe(stack, rpc)
    // A sky the Safe owns, to compose: minted by an anvil account and given to the Safe.
    const from = ANVIL_ACCOUNTS[testInfo.parallelIndex % ANVIL_ACCOUNTS.length] as Address
    const skyId = await mintSky(stack, rpc, from)
    await transferToken(stack, rpc, stack.contracts.Chainellation as Address, from, safe.address, skyId)
    // Safe{Wallet} answers its first question slowly, as it can while both pages are busy loading: the app still
    // waits for it and connects the Safe by itself, rather than offering "Connect Wallet" inside the Safe.
    const host = await hostFor(stack, safe, undefined, { infoDelayMs: 2500 })
    const app = await host.open(page, {
      parentOrigin: stack.safeParentOrigin,
      appUrl: `${stack.webUrl}/compose/${skyId}`,
    })

    // Connected with nothing signed; the save asks the Safe to sign in, then is saved.
    await expectAccountShown(page, app, safe.address)
    expect(host.methods).not.toContain('signMessage')
    await app.getByLabel('Draft name').fill('From the Safe')
    await app.getByRole('button', { name: 'Save draft' }).click()
    const modal = app.getByRole('dialog').filter({ has: app.getByText('Verify your account') })
    await (await signMessageButton(modal)).click()
    await expect(modal).toBeHidden()
    expect(host.methods).toContain('signMessage')
    await expect(
      app.getByRole('list', { name: 'Your drafts' }).getByRole('button', { name: 'Rename From the Safe' }),
    ).toBeVisible()

    await expect.poll(async () => (await session(page)).authenticated).toBe(true)
    const signedIn = await session(page)
    expect(signedIn.address).toBe(safe.address)
    expect(signedIn.chainId).toBe(stack.chainId)
    await expect(app.getByRole('banner').getByTestId('signed-in')).toBeVisible()
  })

  test('a page from an origin that is not an allowed Safe cannot frame the app', async ({ page, stack }) => {
    const refused: string[] = []
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refused.push(message.text())
    })
    // The same parent page, served from another origin.
    const stranger = stack.strangerParentOrigin
    const host = new SafeHost({
      rpcUrl: stack.rpcUrl,
      chainId: stack.chainId,
      contracts: stack.safes.contracts,
      safe: stack.safes.oneOfOne.address,
      owners: [],
      threshold: 1,
    })
    const app = await host.open(page, { parentOrigin: stranger, appUrl: stack.webUrl })
    await expect.poll(() => refused.length).toBeGreaterThan(0)
    expect(refused[0]).toContain(`frame-ancestors 'self' https://app.safe.global ${stack.safeParentOrigin}`)
    await expect(app.getByRole('banner')).toHaveCount(0)
    expect(host.requests).toEqual([])
  })
})
