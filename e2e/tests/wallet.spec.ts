import type { Page } from '@playwright/test'
import { privateKeyToAccount } from 'viem/accounts'
import {
  askSignIn,
  brandLink,
  connectTestWallet,
  connectWith,
  isWide,
  session,
  signIn,
  signInModal,
  signMessageButton,
  walletOption,
} from '../support/app'
import { mintSky } from '../support/chain'
import { expect, test } from '../support/fixtures'
import { TEST_WALLET_INFO } from '../support/test-wallet'

// The local chain's deployment descriptor names the app so (web/src/lib/wallet).
const LOCAL_NAME = 'localellation'

/** RainbowKit's short form of an address: the first four characters and the last four. */
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

/** The account RainbowKit shows: on the header button from 768 px up, in the account modal below. */
async function expectAccountShown(page: Page, address: string) {
  const button = page.getByRole('banner').getByTestId('rk-account-button')
  await expect(button).toBeVisible()
  if (isWide(page)) {
    await expect(button).toContainText(short(address))
  } else {
    await button.click()
    const modal = page.getByRole('dialog')
    await expect(modal.getByText(short(address), { exact: true })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(modal).toBeHidden()
  }
}

test.describe('connecting the injected test wallet', () => {
  test('lists it as installed and connects to the local chain without asking for a signature', async ({
    page,
    wallet,
  }) => {
    await page.goto('/')
    await expect(brandLink(page, 'chainellation')).toBeVisible()
    await page.getByTestId('rk-connect-button').click()
    const connect = page.getByRole('dialog')
    await expect(connect.getByText('Installed', { exact: true })).toBeVisible()
    const option = await walletOption(page, TEST_WALLET_INFO.rdns)
    await expect(option).toHaveText(TEST_WALLET_INFO.name)
    await option.click()

    await expect(brandLink(page, LOCAL_NAME)).toBeVisible()
    await expectAccountShown(page, wallet.account)
    // Connecting is all it takes: no sign-in modal, no signature asked, no session, no signed-in mark.
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(wallet.methods).not.toContain('personal_sign')
    expect(await session(page)).toEqual({ authenticated: false })
    await expect(page.getByRole('banner').getByTestId('signed-in')).toHaveCount(0)
  })
})

test.describe('signing in, which drafts ask for', () => {
  test.beforeEach(async ({ page, wallet, stack, rpc }) => {
    const skyId = await mintSky(stack, rpc, wallet.account)
    await page.goto(`/compose/${skyId}`)
    await connectTestWallet(page, wallet)
  })

  test('signs the message, and the header says so', async ({ page, wallet }) => {
    expect(await session(page)).toEqual({ authenticated: false })
    await askSignIn(page)
    await signIn(page)
    expect(wallet.methods).toContain('personal_sign')
    await expect.poll(async () => (await session(page)).authenticated).toBe(true)
    const signedIn = await session(page)
    expect(signedIn.address?.toLowerCase()).toBe(wallet.account.toLowerCase())
    expect(signedIn.chainId).toBe(31337)
    await expect(page.getByRole('banner').getByTestId('signed-in')).toBeVisible()
    await expectAccountShown(page, wallet.account)
  })

  test('a rejected signature returns quietly to the sign-in prompt', async ({ page, wallet }) => {
    await askSignIn(page)
    const modal = signInModal(page)
    const send = await signMessageButton(modal)

    wallet.rejectNext('personal_sign')
    await send.click()
    await expect.poll(() => wallet.methods.filter((m) => m === 'personal_sign').length).toBe(1)
    await expect(send).toBeEnabled()
    await expect(send).toHaveText('Sign message')
    await expect(modal.getByText(/error|oops|retry/i)).toHaveCount(0)
    expect(await session(page)).toEqual({ authenticated: false })

    // The prompt still works.
    await signIn(page)
    await expect.poll(async () => (await session(page)).authenticated).toBe(true)
  })

  test('stays connected and signed in across a reload', async ({ page, wallet }) => {
    await askSignIn(page)
    await signIn(page)
    await page.reload()
    await expect(brandLink(page, LOCAL_NAME)).toBeVisible()
    await expect(page.getByRole('banner').getByTestId('rk-account-button')).toBeVisible()
    await expect(page.getByRole('banner').getByTestId('signed-in')).toBeVisible()
    await expect(page.getByRole('list', { name: 'Your drafts' })).toBeVisible()
    await expect(signInModal(page)).toHaveCount(0)
    expect(wallet.methods.filter((m) => m === 'personal_sign')).toHaveLength(1)
    expect((await session(page)).authenticated).toBe(true)
  })

  test('disconnecting signs out, and the next visit starts disconnected', async ({ page, wallet }) => {
    await askSignIn(page)
    await signIn(page)
    await page.getByRole('banner').getByTestId('rk-account-button').click()
    await page.getByRole('dialog').getByTestId('rk-disconnect-button').click()
    await expect(brandLink(page, 'chainellation')).toBeVisible()
    await expect(page.getByRole('banner').getByTestId('rk-connect-button')).toBeVisible()
    await expect.poll(async () => (await session(page)).authenticated).toBe(false)
    // The app told the wallet too, so a reload does not connect again.
    await expect.poll(() => wallet.isConnected).toBe(false)
    await page.reload()
    await expect(page.getByRole('banner').getByTestId('rk-connect-button')).toBeVisible()
    await expect(brandLink(page, 'chainellation')).toBeVisible()
  })

  test('signed in is signed in at once: the session the API opened counts before it is asked for again', async ({
    page,
    wallet,
  }) => {
    // From here the API's session reads go unanswered: the app must know it is signed in from the sign-in itself.
    // It used to ask again and, until the answer came, RainbowKit counted the account signed out and offered no
    // chain modal, so a press on "switch" right after signing in did nothing.
    await page.route('**/api/auth/session', () => {})
    await askSignIn(page)
    await signIn(page)
    await wallet.setChain(1)
    await page.getByRole('banner').getByTestId('rk-wrong-network-button').click()
    await page.getByRole('dialog').getByTestId('rk-chain-option-31337').click()
    await expect(brandLink(page, LOCAL_NAME)).toBeVisible()
    expect(wallet.chainId).toBe(31337)
  })
})

test.describe('after connecting', () => {
  test('a switch to a chain the app does not support is shown as a wrong network', async ({ page, wallet }) => {
    await page.goto('/')
    await connectTestWallet(page, wallet)

    await wallet.setChain(1)
    // An unsupported chain has no deployment: the fallback name comes back.
    await expect(brandLink(page, 'chainellation')).toBeVisible()
    const wrong = page.getByRole('banner').getByTestId('rk-wrong-network-button')
    await expect(wrong).toBeVisible()
    await wrong.click()
    const modal = page.getByRole('dialog')
    await expect(modal.getByText('Wrong network detected, switch or disconnect to continue.')).toBeVisible()

    // Switching back from the app asks the wallet, which knows the local chain.
    await modal.getByTestId('rk-chain-option-31337').click()
    await expect(brandLink(page, LOCAL_NAME)).toBeVisible()
    expect(wallet.chainId).toBe(31337)
    expect(wallet.methods).toContain('wallet_switchEthereumChain')
  })
})

test.describe('a wallet that does not know the local chain', () => {
  test.use({ walletOptions: { chainId: 1, knowsLocalChain: false } })

  test('is asked to add it, and then is on it', async ({ page, wallet }) => {
    await page.goto('/')
    await connectTestWallet(page, wallet)
    await expect(brandLink(page, LOCAL_NAME)).toBeVisible()
    expect(wallet.chainId).toBe(31337)
    const switched = wallet.methods.indexOf('wallet_switchEthereumChain')
    expect(switched).toBeGreaterThanOrEqual(0)
    expect(wallet.methods.indexOf('wallet_addEthereumChain')).toBeGreaterThan(switched)
    const [added] = wallet.requests.filter((r) => r.method === 'wallet_addEthereumChain')
    expect(added?.params[0]).toMatchObject({ chainId: '0x7a69' })
  })
})

test.describe('the local dev wallet', () => {
  test('connects without any injected wallet and funds itself', async ({ page, rpc }) => {
    await page.goto('/')
    await connectWith(page, 'localDevWallet')
    await expect(brandLink(page, LOCAL_NAME)).toBeVisible()
    // The browser's own key (web/src/lib/wallet/utils/local-dev-signer.ts).
    const key = await page.evaluate(() => localStorage.getItem('chainellation.localDevWallet.key'))
    expect(key).toMatch(/^0x[0-9a-f]{64}$/)
    const { address } = privateKeyToAccount(key as `0x${string}`)
    await expectAccountShown(page, address)
    expect(await session(page)).toEqual({ authenticated: false })
    // A new player can pay for gas at once.
    expect(BigInt((await rpc('eth_getBalance', [address, 'latest'])) as string)).toBeGreaterThan(0n)
  })
})
