import type { Page } from '@playwright/test'
import { composeOwnSky, isWide, openConnected, walletOption } from '../support/app'
import { chainTime, mintSky, offsetWhereItIs } from '../support/chain'
import { expect, freshAccount, test } from '../support/fault-tally'
import { TEST_WALLET_INFO } from '../support/test-wallet'

// What the app says when the wallet answers -32002 (web/src/lib/wallet/utils/error-message.ts).
const WALLET_BUSY = 'Your wallet already has a request waiting: open your wallet, answer it there, then try again.'
const LOCAL_CHAIN = 31337

// Every test acts for an account of its own, which the wallet holds the key of.
test.use({
  walletOptions: async ({ rpc }, use) => {
    const { address, privateKey } = await freshAccount(rpc)
    await use({ account: address, privateKeys: [privateKey] })
  },
})

/** No error sentence anywhere on the page. */
const expectNoAlert = (page: Page) => expect(page.getByRole('alert')).toHaveCount(0)

/** How many times the page asked the wallet for `method`. */
const calls = (wallet: { methods: string[] }, method: string) => () => wallet.methods.filter((m) => m === method).length

test.describe('a wallet that says no', () => {
  test('connecting and switching networks: a rejection returns quietly to the same prompt', async ({
    page,
    wallet,
  }) => {
    await page.goto('/mint')
    // Connect: the person looks at the wallet's prompt, then rejects it. RainbowKit's own prompt stays, with a retry.
    const prompt = wallet.holdNext('wallet_requestPermissions')
    await page.getByTestId('rk-connect-button').click()
    const modal = page.getByRole('dialog')
    await (await walletOption(page, TEST_WALLET_INFO.rdns)).click()
    await prompt.arrived
    await expect(modal.getByText('Confirm connection in the extension')).toBeVisible()
    expect(await prompt.reject()).toMatchObject({ error: { code: 4001 } })
    const retry = modal.getByRole('button', { name: 'RETRY' })
    await expect(retry).toBeVisible()
    await expectNoAlert(page)
    expect(wallet.isConnected).toBe(false)
    await retry.click()
    await expect.poll(() => wallet.isConnected).toBe(true)
    // Connected, with no signature asked (a rejected sign-in is in wallet.spec.ts).
    await expect(modal).toBeHidden()
    expect(wallet.methods).not.toContain('personal_sign')

    // The wallet moves to a network the game does not run on; asked to switch back, the person says no.
    await wallet.setChain(1)
    const switchBack = page.getByRole('button', { name: 'Wrong network — switch' })
    await switchBack.click()
    wallet.rejectNext('wallet_switchEthereumChain')
    await page.getByRole('dialog').getByTestId(`rk-chain-option-${LOCAL_CHAIN}`).click()
    await expect.poll(calls(wallet, 'wallet_switchEthereumChain')).toBe(1)
    await expect(switchBack).toBeEnabled()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expectNoAlert(page)
    expect(wallet.chainId).toBe(1)
    // Asked again, it switches.
    await switchBack.click()
    await page.getByRole('dialog').getByTestId(`rk-chain-option-${LOCAL_CHAIN}`).click()
    await expect(page.getByRole('button', { name: 'Mint for free' })).toBeEnabled()
    expect(wallet.chainId).toBe(LOCAL_CHAIN)
  })

  test('stargazing: a gaze or a gaze at all declined leaves the buttons ready, and the next goes through', async ({
    page,
    wallet,
    stack,
    rpc,
  }) => {
    const tz = offsetWhereItIs(22, await chainTime(stack))
    const [first, second] = [
      await mintSky(stack, rpc, wallet.account, tz),
      await mintSky(stack, rpc, wallet.account, tz),
    ]
    await openConnected(page, wallet, '/stargaze')
    const card = page.getByRole('article', { name: `Night sky #${first}` })
    const gaze = card.getByRole('button', { name: 'Gaze' })
    const all = page.getByRole('button', { name: 'Gaze at all ready skies (2)' })

    wallet.rejectNext('eth_sendTransaction')
    await gaze.click()
    await expect.poll(calls(wallet, 'eth_sendTransaction')).toBe(1)
    await expect(gaze).toBeEnabled()
    await expect(all).toBeEnabled()
    await expectNoAlert(page)

    wallet.rejectNext('eth_sendTransaction')
    await all.click()
    await expect.poll(calls(wallet, 'eth_sendTransaction')).toBe(2)
    await expect(all).toBeEnabled()
    await expectNoAlert(page)

    // Still ready: this one goes through.
    await gaze.click()
    await expect(card.getByText(/^1 \/ \d+$/)).toBeVisible()
    await expect(
      page.getByRole('article', { name: `Night sky #${second}` }).getByRole('button', { name: 'Gaze' }),
    ).toBeEnabled()
  })

  test('composing: buying a decoration or applying layers declined leaves the buttons ready', async ({
    page,
    wallet,
    stack,
    rpc,
  }) => {
    await composeOwnSky(page, wallet, stack, rpc)
    const buy = page.getByRole('button', { name: /^Mint Comet for/ })
    wallet.rejectNext('eth_sendTransaction')
    await buy.click()
    await expect.poll(calls(wallet, 'eth_sendTransaction')).toBe(1)
    await expect(buy).toBeEnabled()
    await expectNoAlert(page)

    await page
      .getByRole('group', { name: /^Silhouette/ })
      .getByRole('radio', { name: /Rolling Hills/ })
      .check()
    const apply = page.getByRole('button', { name: 'Apply 1 change' })
    wallet.rejectNext('eth_sendTransaction')
    await apply.click()
    await expect.poll(calls(wallet, 'eth_sendTransaction')).toBe(2)
    await expect(apply).toBeEnabled()
    await expectNoAlert(page)
    await apply.click()
    await expect(page.getByRole('button', { name: 'Applied' })).toBeVisible()
  })
})

test.describe('a wallet still showing an earlier request (-32002)', () => {
  test('connecting: RainbowKit asks to confirm in the extension, and the earlier prompt still connects', async ({
    page,
    wallet,
  }) => {
    await page.goto('/')
    // The person opens the wallet's prompt and leaves it unanswered, closing the modal.
    const earlier = wallet.holdNext('wallet_requestPermissions')
    await page.getByTestId('rk-connect-button').click()
    const modal = page.getByRole('dialog')
    await (await walletOption(page, TEST_WALLET_INFO.rdns)).click()
    await earlier.arrived
    await page.keyboard.press('Escape')
    await expect(modal).toHaveCount(0)
    // Connecting again, the wallet answers that a request is already pending.
    wallet.pendingNext('wallet_requestPermissions')
    await page.getByTestId('rk-connect-button').click()
    await (await walletOption(page, TEST_WALLET_INFO.rdns)).click()
    await expect.poll(calls(wallet, 'wallet_requestPermissions')).toBe(2)
    await expect(modal.getByText('Confirm connection in the extension')).toBeVisible()
    await expectNoAlert(page)
    // The person answers the prompt that was waiting in the wallet: the page is connected.
    await earlier.approve()
    await expect.poll(() => wallet.isConnected).toBe(true)
    await expect(modal).toHaveCount(0)
  })

  test('minting: the page says to check the wallet, and minting again works', async ({ page, wallet }) => {
    await openConnected(page, wallet, '/mint')
    const mint = page.getByRole('button', { name: 'Mint for free' })
    wallet.pendingNext('eth_sendTransaction')
    await mint.click()
    await expect(page.getByRole('alert')).toHaveText(WALLET_BUSY)
    await expect(mint).toBeEnabled()
    await mint.click()
    await expect(page.getByRole('heading', { name: /^Night sky #\d+ is yours$/ })).toBeVisible()
  })

  test('stargazing and composing: each says to check the wallet', async ({ page, wallet, stack, rpc }) => {
    const skyId = await mintSky(stack, rpc, wallet.account, offsetWhereItIs(22, await chainTime(stack)))
    await openConnected(page, wallet, '/stargaze')
    const gaze = page.getByRole('article', { name: `Night sky #${skyId}` }).getByRole('button', { name: 'Gaze' })
    wallet.pendingNext('eth_sendTransaction')
    await gaze.click()
    await expect(page.getByRole('alert')).toHaveText(WALLET_BUSY)
    await expect(gaze).toBeEnabled()

    await page.goto(`/compose/${skyId}`)
    const buy = page.getByRole('button', { name: /^Mint Comet for/ })
    wallet.pendingNext('eth_sendTransaction')
    await buy.click()
    await expect(page.getByRole('alert')).toHaveText(WALLET_BUSY)
    await expect(buy).toBeEnabled()
    await page
      .getByRole('group', { name: /^Decoration/ })
      .getByRole('radio', { name: /Telescope/ })
      .check()
    const apply = page.getByRole('button', { name: 'Apply 1 change' })
    wallet.pendingNext('eth_sendTransaction')
    await apply.click()
    await expect(page.getByRole('alert').filter({ hasText: WALLET_BUSY })).toHaveCount(2)
    await expect(apply).toBeEnabled()
  })
})

test.describe('no wallet installed', () => {
  test("the connect modal's own guidance to get one, and no error", async ({ page, tally }) => {
    const pageErrors: Error[] = []
    page.on('pageerror', (error) => pageErrors.push(error))
    tally.add('no wallet installed')
    await page.goto('/mint')
    await page.getByRole('button', { name: 'Connect wallet to mint' }).click()
    const modal = page.getByRole('dialog')
    await expect(modal.getByText('Connect a Wallet')).toBeVisible()
    // Nothing in the page announced a wallet: nothing is listed as installed.
    await expect(modal.getByText('Installed', { exact: true })).toHaveCount(0)
    await expect(modal.getByTestId(`rk-wallet-option-${TEST_WALLET_INFO.rdns}`)).toHaveCount(0)
    // The wide modal opens on "What is a Wallet?"; the compact one leads there from "New to Ethereum wallets?".
    if (!isWide(page))
      await modal
        .locator('div', { hasText: /^Learn More$/ })
        .first()
        .click()
    await expect(modal.getByText('What is a Wallet?')).toBeVisible()
    await modal.getByRole('button', { name: 'Get a Wallet' }).click()
    await expect(modal.getByText('MetaMask').last()).toBeVisible()
    await modal.getByRole('button', { name: 'GET' }).first().click()
    await expect(modal.getByText('Get MetaMask')).toBeVisible()
    await expect(modal.getByRole('link', { name: /Add to Chrome/ })).toHaveAttribute('href', /^https:\/\//)
    await expectNoAlert(page)
    expect(pageErrors).toEqual([])
  })
})
