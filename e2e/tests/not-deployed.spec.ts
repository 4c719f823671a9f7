import { sepolia } from 'viem/chains'
import { brandLink, connectTestWallet, openConnected } from '../support/app'
import { mintSky } from '../support/chain'
import { expect, test } from '../support/fixtures'

// Sepolia is one of the app's networks, and the local stack deploys the game on the local chain only: a wallet
// on Sepolia is on a network where the game is not deployed. Every page that reads the game must say so, and
// none may wait for reads that never start.
test.describe('a wallet on a network where the game is not deployed', () => {
  const notHere = 'The game is not deployed on Sepolia yet.'

  // Every page that reads the game goes through one gate (web/src/lib/game/game-gate.tsx): one test a section, each
  // opened by a returning player whose wallet is on Sepolia.
  for (const paths of [
    ['/stargaze', '/stargaze?view=everyone'],
    ['/compose', '/compose/1'],
  ]) {
    test(`${paths.join(' and ')} say so, and offer to switch network`, async ({ page, wallet }) => {
      await openConnected(page, wallet, '/')
      await wallet.setChain(sepolia.id)
      // The deployment descriptor follows the chain: Sepolia's name.
      await expect(brandLink(page, 'sepollation')).toBeVisible()
      for (const path of paths) {
        await page.goto(path)
        await expect(page.getByRole('heading', { name: 'Not on Sepolia yet' }), path).toBeVisible()
        await expect(page.getByText(`${notHere} Switch your wallet to a network it runs on.`), path).toBeVisible()
        await expect(page.getByRole('button', { name: 'Switch network' }), path).toBeVisible()
        await expect(page.getByRole('status'), `${path} waits for nothing`).toHaveCount(0)
      }
    })
  }

  test('the mint page’s designer works without the chain: the gate’s answer is a line under the price', async ({
    page,
    wallet,
  }) => {
    await openConnected(page, wallet, '/')
    await wallet.setChain(sepolia.id)
    await page.goto('/mint')
    await expect(page.getByText(notHere)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Wrong network — switch' })).toHaveCount(0)
  })

  test('the way out: the chain modal’s local chain brings the skies back', async ({ page, wallet, stack, rpc }) => {
    // A sky on the local chain, so that the gallery has skies to list once the wallet is back there.
    await mintSky(stack, rpc, wallet.account)
    await openConnected(page, wallet, '/')
    await wallet.setChain(sepolia.id)
    await page.goto('/stargaze?view=everyone')
    await page.getByRole('button', { name: 'Switch network' }).click()
    await page.getByRole('dialog').getByTestId('rk-chain-option-31337').click()
    await expect(page.getByText('Every sky, newest first')).toBeVisible()
  })

  test('connected and not signed in, Switch network switches', async ({ page, wallet, stack }) => {
    await page.goto('/')
    await connectTestWallet(page, wallet)
    // Connecting asks for no sign-in, and RainbowKit offers its chain modal to a connected account.
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await wallet.setChain(sepolia.id)
    await page.goto('/stargaze')
    await page.getByRole('button', { name: 'Switch network' }).click()
    await page.getByRole('dialog').getByTestId('rk-chain-option-31337').click()
    // The page follows the wallet back to a network the game runs on.
    await expect.poll(() => wallet.chainId).toBe(stack.chainId)
    await expect(page.getByRole('heading', { name: 'Not on Sepolia yet' })).toBeHidden()
  })
})
