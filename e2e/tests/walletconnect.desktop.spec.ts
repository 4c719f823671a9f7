// Phone wallets over WalletConnect, end to end: the app as built, Chromium, the tests' relay (started by global setup)
// and a phone wallet on WalletConnect's own sign client holding a test key. The phone reads the QR code the page
// draws, as its camera would, or opens the link a phone's browser hands it; what it signs and sends is real.

import { chainellationAbi } from '@chainellation/contracts'
import { type PhoneWallet, startPhoneWallet } from '@chainellation/scripts/phone-wallet'
import { relayControl } from '@chainellation/scripts/walletconnect-relay'
import type { Page } from '@playwright/test'
import { type Address, createPublicClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { askSignIn, brandLink, connectWith, signIn, signInModal } from '../support/app'
import { chainTime, mintSky, offsetWhereItIs, type Rpc, skyOf } from '../support/chain'
import { freshAccount } from '../support/fault-tally'
import { expect, test } from '../support/fixtures'
import { readQrCode } from '../support/qr'
import type { StackInfo } from '../support/stack-env'

/**
 * Every origin the page asks for over the network, WebSockets included (no other host resolves here, but the attempt
 * is seen); a host the CSP refuses is never asked. Links for the phone's system (`rainbow://`) are not the network's.
 */
function originsOf(page: Page) {
  const origins = new Set<string>()
  page.on('request', (req) => {
    if (/^https?:/.test(req.url())) origins.add(new URL(req.url()).origin)
  })
  page.on('websocket', (ws) => origins.add(new URL(ws.url()).origin))
  return origins
}

/**
 * The frames the page tried to load and its Content-Security-Policy refused, as Chromium reports them on the console.
 * WalletConnect's SDK tries WalletConnect Verify's frame unless the app stops it, and waits 5 s for the refused frame
 * to answer before each proposal and request (web/src/lib/wallet/utils/wallet-connectors.ts): a refusal seen here is
 * that wait.
 */
function refusedFrames(page: Page) {
  const refused: string[] = []
  page.on('console', (message) => {
    if (/^Framing .* violates the following Content Security Policy/.test(message.text())) refused.push(message.text())
  })
  return refused
}

/** The origins a page of the app may reach: itself, the chain node it was built for, and the WalletConnect relay. */
const allowedOrigins = (stack: StackInfo) =>
  new Set([stack.webUrl, stack.rpcUrl, stack.walletConnectRelayUrl].map((url) => new URL(url).origin))

/** A phone wallet with a key of its own, funded on the local chain unless `funded: false`. */
async function phoneFor(stack: StackInfo, rpc: Rpc, options: { funded?: boolean; sessionChainIds?: number[] } = {}) {
  const { privateKey } = await freshAccount(rpc)
  const account = privateKeyToAccount(privateKey)
  if (options.funded === false) await rpc('anvil_setBalance', [account.address, '0x0'])
  return startPhoneWallet({
    relayUrl: stack.walletConnectRelayUrl,
    account,
    chainId: stack.chainId,
    rpcUrl: stack.rpcUrl,
    sessionChainIds: options.sessionChainIds,
  })
}

/** Chooses WalletConnect in the connect modal and pairs `phone` with the code it shows, as a camera reads it. */
async function scanToConnect(page: Page, phone: PhoneWallet) {
  await connectWith(page, 'walletConnect')
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Scan with your phone')).toBeVisible()
  const code = dialog.getByRole('img', { name: 'QR Code' })
  // The code is drawn once the SDK has its pairing URI; until then the modal shows a placeholder.
  await expect(code).toBeVisible()
  const uri = await readQrCode(code)
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  await phone.pair(uri)
  await expect(dialog).toBeHidden()
}

/** The header's account button, by the short form of `address` RainbowKit shows. */
const accountButton = (page: Page, address: string) =>
  page
    .getByRole('banner')
    .getByTestId('rk-account-button')
    .filter({ hasText: new RegExp(`${address.slice(0, 4)}.*${address.slice(-4)}`, 'i') })

test.describe('a phone wallet over WalletConnect', () => {
  let phone: PhoneWallet | undefined
  test.afterEach(async ({ stack }) => {
    await phone?.close()
    phone = undefined
    // Every method the app's and the phone's clients asked the relay for, it knew.
    expect(await relayControl(stack.walletConnectRelayUrl).unknown()).toEqual([])
  })

  test('pairs by the QR code, keeps its session over a reload, and is let go from the phone', async ({
    page,
    stack,
    rpc,
  }) => {
    const origins = originsOf(page)
    const refused = refusedFrames(page)
    phone = await phoneFor(stack, rpc)
    await page.goto('/stargaze')
    await scanToConnect(page, phone)
    await expect(accountButton(page, phone.address)).toBeVisible()
    expect(phone.asked()).toEqual(['session_proposal'])

    // A reload finds the session where the SDK kept it, and asks the phone nothing.
    await page.reload()
    await expect(accountButton(page, phone.address)).toBeVisible()
    expect(phone.asked()).toEqual(['session_proposal'])

    // "Disconnect" on the phone: the page lets the account go.
    const [topic] = phone.sessions()
    await phone.disconnect(topic as string)
    await expect(page.getByRole('banner').getByTestId('rk-connect-button')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Connect to see your skies' })).toBeVisible()

    const allowed = allowedOrigins(stack)
    expect([...origins].filter((origin) => !allowed.has(origin))).toEqual([])
    expect(refused).toEqual([])
  })

  test.describe('a player who pays no gas', () => {
    test.use({ paysOwnGas: false })

    /** The Mint page paired with a phone whose player pays no gas, and its mint button. */
    async function mintWithPhone(page: Page, stack: StackInfo, rpc: Rpc) {
      const connected = await phoneFor(stack, rpc, { funded: false })
      phone = connected
      await page.goto('/mint')
      await scanToConnect(page, connected)
      const mint = page.getByRole('button', { name: 'Mint: free, the game pays the gas' })
      await expect(mint).toBeEnabled()
      return { phone: connected, mint }
    }

    // Apart from the mint below: together they ran close to their 30 s with the pages at half speed beside a busy core.
    test('a refusal on the phone changes nothing', async ({ page, stack, rpc }) => {
      const { phone, mint } = await mintWithPhone(page, stack, rpc)
      // The person declines on the phone: the page is ready again, and says nothing went wrong.
      phone.answer({ mode: 'reject' })
      await mint.click()
      await expect.poll(() => phone.asked().includes('eth_signTypedData_v4')).toBe(true)
      await expect(mint).toBeEnabled()
      await expect(page.getByRole('alert')).toHaveCount(0)
      expect(phone.asked()).not.toContain('eth_sendTransaction')
    })

    test('mints a sky the game pays for, the request signed on the phone', async ({ page, stack, rpc }) => {
      const refused = refusedFrames(page)
      const { phone, mint } = await mintWithPhone(page, stack, rpc)
      // Approved after a while, as a person reads before they sign: the relayer sends it and the page follows it to
      // the sky.
      phone.answer({ mode: 'slow', ms: 1500 })
      await mint.click()
      const title = page.getByRole('heading', { name: /^Night sky #\d+ is yours$/ })
      await expect(title).toBeVisible()
      const skyId = BigInt((await title.textContent())?.match(/#(\d+)/)?.[1] ?? 0)
      const owner = await createPublicClient({ transport: http(stack.rpcUrl) }).readContract({
        address: stack.contracts.Chainellation as Address,
        abi: chainellationAbi,
        functionName: 'ownerOf',
        args: [skyId],
      })
      expect(owner.toLowerCase()).toBe(phone.address.toLowerCase())
      expect(phone.asked().filter((m) => m === 'eth_signTypedData_v4')).toHaveLength(1)
      expect(phone.asked()).not.toContain('eth_sendTransaction')
      // Neither request waited on a frame the page may not load.
      expect(refused).toEqual([])
    })
  })

  test('signs in on the phone, where a draft needs it', async ({ page, stack, rpc }) => {
    phone = await phoneFor(stack, rpc)
    const skyId = await mintSky(stack, rpc, phone.address)
    await page.goto(`/compose/${skyId}`)
    await scanToConnect(page, phone)
    await askSignIn(page)
    await signIn(page)
    await expect(signInModal(page)).toHaveCount(0)
    expect(phone.asked()).toContain('personal_sign')
  })

  // Apart from the sign-in above: together they were a journey that ran past its 30 s on one core's worth of two.
  test('gazes with its own gas on the phone; a dropped relay or a phone out of reach loses nothing', async ({
    page,
    stack,
    rpc,
  }) => {
    phone = await phoneFor(stack, rpc)
    const skyId = await mintSky(stack, rpc, phone.address, offsetWhereItIs(21, await chainTime(stack)))
    await page.goto('/mint')
    await scanToConnect(page, phone)

    // The relay drops both ends' sockets, as one that restarts does (only this session's: the tests beside this one
    // keep theirs): both come back on their own, the page without being reloaded (it moves on by its own links). The
    // phone is cut off below only once it is back, so that the two troubles come one after the other.
    const { resubscriptions } = phone
    const resubscribed = resubscriptions()
    const sessions = phone.sessions()
    expect(sessions).toHaveLength(1)
    const [session] = sessions
    await relayControl(stack.walletConnectRelayUrl).dropConnections(session)
    await expect.poll(resubscriptions, 'the phone back on the relay').toBeGreaterThan(resubscribed)

    // A night's gaze, asked while the phone is out of reach (locked, no signal): the relay keeps the request until
    // the phone is back, which then sends it; the page follows it to the revealed star.
    await brandLink(page, 'Stargaze').click()
    const card = page.getByRole('article', { name: `Night sky #${skyId}` })
    const relay = relayControl(stack.walletConnectRelayUrl)
    const phoneId = await phone.clientId()
    await relay.unreachable(phoneId)
    await card.getByRole('button', { name: 'Gaze' }).click()
    await expect(card.getByRole('button', { name: 'Gazing…' })).toBeDisabled()
    expect(phone.asked()).not.toContain('eth_sendTransaction')
    await relay.reachable(phoneId)
    await expect(card.getByText(/^1 \/ \d+$/)).toBeVisible()
    expect((await skyOf(stack, skyId)).gazes).toBe(1)
    expect(phone.asked()).toContain('eth_sendTransaction')
  })

  test('a phone whose session is on another chain gets the wrong-network words', async ({ page, stack, rpc }) => {
    phone = await phoneFor(stack, rpc, { sessionChainIds: [1] })
    await page.goto('/mint')
    await scanToConnect(page, phone)
    await expect(page.getByRole('banner').getByTestId('rk-wrong-network-button')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Wrong network — switch' })).toBeVisible()
  })
})

test.describe('a phone browser', () => {
  // A phone's screen and user agent: RainbowKit's mobile flow hands the pairing URI to the wallet's app by a link.
  test.use({
    viewport: { width: 375, height: 812 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    isMobile: true,
    hasTouch: true,
  })

  test('opens the wallet by the link a phone would follow, carrying the URI it pairs with', async ({
    page,
    stack,
    rpc,
  }) => {
    const origins = originsOf(page)
    const phone = await phoneFor(stack, rpc)
    try {
      await page.goto('/stargaze')
      await page.getByTestId('rk-connect-button').click()
      // The link the page hands the phone's system, which opens the wallet's app with it: Chromium has no app for
      // the scheme, so it goes no further than the request.
      const deepLink = page.waitForRequest((req) => req.url().startsWith('rainbow:'))
      await page.getByRole('dialog').getByRole('button', { name: 'Rainbow' }).click()
      const href = (await deepLink).url()
      expect(href).toMatch(/^rainbow:\/\/wc\?uri=wc%3A/)
      const uri = new URL(href).searchParams.get('uri') ?? ''
      expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      await phone.pair(uri)
      await expect(accountButton(page, phone.address)).toBeVisible()
      const allowed = allowedOrigins(stack)
      expect([...origins].filter((origin) => !allowed.has(origin))).toEqual([])
    } finally {
      await phone.close()
    }
  })
})
