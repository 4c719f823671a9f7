import { chainellationAbi } from '@chainellation/contracts'
import type { Page } from '@playwright/test'
import { createPublicClient, http } from 'viem'
import { composeOwnSky, connectTestWallet, decorationLayer } from '../support/app'
import { chainTime, mintSky, offsetWhereItIs, skyOf, transferToken } from '../support/chain'
import { ANY_WIDTH, expect, test } from '../support/fixtures'
import type { StackInfo } from '../support/stack-env'
import { ANVIL_ACCOUNTS } from '../support/test-wallet'

/** The image the chain draws for sky `skyId` right now (its tokenURI's). */
async function chainImage(stack: StackInfo, skyId: bigint): Promise<string> {
  const uri = await createPublicClient({ transport: http(stack.rpcUrl) }).readContract({
    address: stack.contracts.Chainellation as `0x${string}`,
    abi: chainellationAbi,
    functionName: 'tokenURI',
    args: [skyId],
  })
  return JSON.parse(Buffer.from(uri.split(',')[1] ?? '', 'base64').toString('utf8')).image
}

const preview = (page: Page) => page.getByRole('img', { name: /^Preview of night sky #\d+ with these decorations$/ })

test.describe('composing a sky', () => {
  test('three layers, one a token minted here, applied in one transaction: the chain draws the preview', async ({
    page,
    wallet,
    stack,
    rpc,
  }) => {
    const skyId = await composeOwnSky(page, wallet, stack, rpc)
    await expect(page.getByRole('heading', { level: 1, name: `Compose sky #${skyId}` })).toBeVisible()
    // The panel keeps to the page's width on a phone too: the drafts' text field, at its own width beside its button,
    // once pushed it 41 px past a 375 px screen.
    const save = await page.getByRole('button', { name: 'Save draft' }).boundingBox()
    expect((save?.x ?? 0) + (save?.width ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0)
    // Get a Comet: the wallet holds one more, and it is among the Sky layer's options. (The account may hold one
    // from an earlier test in this worker.)
    const comet = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Comet' })
    const held = async () => Number(/you hold (\d+)/.exec((await comet.textContent()) ?? '')?.[1] ?? 0)
    const before = await held()
    await page.getByRole('button', { name: /^Mint Comet for/ }).click()
    await expect.poll(held).toBe(before + 1)
    await expect(decorationLayer(page, 'Sky').getByRole('radio', { name: /Comet/ })).toHaveCount(1)

    await decorationLayer(page, 'Silhouette')
      .getByRole('radio', { name: /Rolling Hills/ })
      .check()
    await decorationLayer(page, 'Sky').getByRole('radio', { name: /Comet/ }).check()
    await decorationLayer(page, 'Decoration')
      .getByRole('radio', { name: /Telescope/ })
      .check()
    const sends = wallet.methods.filter((m) => m === 'eth_sendTransaction').length
    await page.getByRole('button', { name: 'Apply 3 changes' }).click()
    await expect(page.getByRole('button', { name: 'Applied' })).toBeVisible()
    expect(wallet.methods.filter((m) => m === 'eth_sendTransaction')).toHaveLength(sends + 1)
    // The chain's choice is now what was picked.
    await expect(decorationLayer(page, 'Sky').getByText('On chain')).toHaveCount(1)
    await expect(decorationLayer(page, 'Sky').locator('label', { hasText: 'On chain' })).toContainText('Comet')
    expect(await chainImage(stack, skyId)).toBe(await preview(page).getAttribute('src'))
  })

  test(
    'a wallet that does not send calls as one applies the change alone, though the sky could be gazed at',
    ANY_WIDTH,
    async ({ page, wallet, stack, rpc }) => {
      const skyId = await mintSky(stack, rpc, wallet.account, offsetWhereItIs(21, await chainTime(stack)))
      await page.goto(`/compose/${skyId}`)
      await connectTestWallet(page, wallet)
      await decorationLayer(page, 'Silhouette')
        .getByRole('radio', { name: /Rolling Hills/ })
        .check()
      const apply = page.getByRole('button', { name: 'Apply 1 change' })
      await expect(apply).toBeEnabled()
      // The page asked the wallet what it can do (EIP-5792), and it cannot batch: no gaze is offered with the change.
      await expect.poll(() => wallet.methods.includes('wallet_getCapabilities')).toBe(true)
      await expect(page.getByRole('checkbox', { name: /^Gaze tonight too/ })).toHaveCount(0)
      await apply.click()
      await expect(page.getByRole('button', { name: 'Applied' })).toBeVisible()
      expect((await skyOf(stack, skyId)).gazes).toBe(0)
      expect(wallet.methods).not.toContain('wallet_sendCalls')
    },
  )

  test(
    'a decoration given away before Apply is caught by the simulation, in words',
    ANY_WIDTH,
    async ({ page, wallet, stack, rpc }) => {
      await composeOwnSky(page, wallet, stack, rpc)
      await page.getByRole('button', { name: /^Mint Campfire for/ }).click()
      const campfire = decorationLayer(page, 'Decoration').getByRole('radio', { name: /Campfire/ })
      await expect(campfire).toHaveCount(1)
      await campfire.check()
      const badge = await decorationLayer(page, 'Decoration')
        .locator('label')
        .filter({ hasText: 'Campfire' })
        .textContent()
      const tokenId = BigInt(/Token #(\d+)/.exec(badge ?? '')?.[1] ?? 0)
      // Meanwhile, from another tab or another app, the wallet gives that token away.
      await transferToken(
        stack,
        rpc,
        stack.contracts.Campfire as `0x${string}`,
        wallet.account,
        ANVIL_ACCOUNTS[9],
        tokenId,
      )
      const sends = wallet.methods.filter((m) => m === 'eth_sendTransaction').length
      await page.getByRole('button', { name: 'Apply 1 change' }).click()
      await expect(page.getByRole('alert')).toHaveText('You no longer hold that decoration.')
      expect(wallet.methods.filter((m) => m === 'eth_sendTransaction')).toHaveLength(sends)
    },
  )

  test('a sky of another wallet is shown read-only, with its decorations', async ({ page, wallet, stack, rpc }) => {
    const owner = ANVIL_ACCOUNTS[7]
    const skyId = await mintSky(stack, rpc, owner)
    await page.goto(`/compose/${skyId}`)
    await expect(page.getByText('Connect your wallet to decorate this sky.', { exact: false })).toBeVisible()
    await connectTestWallet(page, wallet)
    await expect(
      page.getByText(`This sky belongs to ${owner.slice(0, 4)}…${owner.slice(-4)}`, { exact: false }),
    ).toBeVisible()
    for (const radio of await page.getByRole('radio').all()) await expect(radio).toBeDisabled()
    await expect(page.getByRole('button', { name: /^Apply/ })).toHaveCount(0)
    expect(await chainImage(stack, skyId)).toBe(await preview(page).getAttribute('src'))
  })

  test('a sky that does not exist says so', ANY_WIDTH, async ({ page }) => {
    await page.goto('/compose/999999')
    await expect(page.getByText('There is no night sky #999999 yet.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Mint a sky' })).toHaveAttribute('href', '/mint')
  })
})
