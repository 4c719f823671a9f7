import { chainellationAbi } from '@chainellation/contracts'
import type { Page } from '@playwright/test'
import { createPublicClient, http, toHex } from 'viem'
import { connectTestWallet, openConnected } from '../support/app'
import { freshAccount } from '../support/fault-tally'
import { ANY_WIDTH, expect, test } from '../support/fixtures'
import type { StackInfo } from '../support/stack-env'

// The local stack's prices (scripts/src/stack.ts): a sky is free, a chosen trait 0.0025 ETH.
const PAYMENT_SENTENCE =
  'The transaction failed on chain. The payment does not match the price; refresh the price and try again.'

const skyOf = (stack: StackInfo, skyId: bigint) =>
  createPublicClient({ transport: http(stack.rpcUrl) }).readContract({
    address: stack.contracts.Chainellation as `0x${string}`,
    abi: chainellationAbi,
    functionName: 'skyOf',
    args: [skyId],
  })

const supplyOf = async (page: Page) => {
  const text = (await page.getByTestId('supply').textContent()) ?? ''
  return Number(text.split('/')[0]?.replaceAll(',', ''))
}

/** The preview's image, by the alt text that names the sky it previews. */
const preview = (page: Page) => page.getByRole('img', { name: /^Preview of night sky #\d+/ })

test.describe('minting', () => {
  test.use({ timezoneId: 'Asia/Kathmandu' })

  test('a designed sky mints at its price and shows as the chain draws it', async ({ page, wallet, stack, rpc }) => {
    await page.goto('/mint')
    await expect(page.getByText('Asia / Kathmandu, UTC+5:45')).toBeVisible()
    await connectTestWallet(page, wallet)
    await expect(page.getByTestId('supply')).toHaveText(/^[\d,]+ \/ 15,000$/)
    const before = await supplyOf(page)

    await page.getByRole('slider', { name: 'Zenith hue' }).fill('200')
    await expect(page.getByRole('checkbox', { name: 'Let the sky choose' }).first()).not.toBeChecked()
    await page.getByLabel('Constellation').selectOption({ label: 'Orion · 8 stars' })
    await page.getByRole('radio', { name: 'Overcast' }).check()
    await expect(page.getByTestId('total')).toHaveText('0.0075 ETH')

    await page.getByRole('button', { name: 'Mint for 0.0075 ETH' }).click()
    const title = page.getByRole('heading', { name: /^Night sky #\d+ is yours$/ })
    await expect(title).toBeVisible()
    const skyId = BigInt((await title.textContent())?.match(/#(\d+)/)?.[1] ?? 0)
    expect(skyId).toBeGreaterThan(BigInt(before))

    const image = page.getByRole('img', { name: `chainellation #${skyId}, as the chain draws it` })
    await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/)
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512)
    expect(await skyOf(stack, skyId)).toMatchObject({ tzOffset: 20_700, primaryHue: 200, constellation: 1, clouds: 4 })
    await expect(page.getByRole('link', { name: 'Compose it' })).toHaveAttribute('href', `/compose/${skyId}`)
    await expect(page.getByRole('link', { name: 'Stargaze it' })).toHaveAttribute('href', '/stargaze')
    // The transaction that minted it, by its hash (the local chain has no block explorer to link to).
    const hash = await page
      .getByRole('main')
      .getByTitle(/^0x[0-9a-f]{64}$/)
      .getAttribute('title')
    expect(await rpc('eth_getTransactionReceipt', [hash])).toMatchObject({
      status: '0x1',
      to: stack.contracts.Chainellation?.toLowerCase(),
    })
    await expect(page.getByRole('main').getByText(/^Transaction 0x[0-9a-f]{2}…[0-9a-f]{4}$/)).toBeVisible()

    // The account modal lists it among the recent transactions, confirmed: RainbowKit waited for its receipt with the
    // bare client the build gives it (vite-plugins/lean-kit.ts).
    await page.getByRole('banner').getByTestId('rk-account-button').click()
    await expect(page.getByRole('dialog').getByText(`Mint night sky #${skyId}`)).toBeVisible()
    await expect(page.getByRole('dialog').getByText('Confirmed', { exact: true })).toBeVisible()
    await page.keyboard.press('Escape')

    // Back to the form: the supply counts the new sky.
    await page.getByRole('button', { name: 'Mint another sky' }).click()
    await expect.poll(() => supplyOf(page)).toBeGreaterThanOrEqual(Number(skyId))
  })

  test('a mint the contract refuses says why in a sentence', ANY_WIDTH, async ({ page, wallet }) => {
    await openConnected(page, wallet, '/mint')
    // A chosen trait has a price; the wallet sends one wei less than the price the page checked.
    await page.getByRole('radio', { name: 'Overcast' }).check()
    const mint = page.getByRole('button', { name: 'Mint for 0.0025 ETH' })
    await expect(mint).toBeEnabled()
    wallet.tamperNext('eth_sendTransaction', ([tx]) => [{ ...(tx as object), value: '0x8e1bc9bf03fff' }])
    await mint.click()
    await expect(page.getByRole('alert')).toHaveText(PAYMENT_SENTENCE)
    await expect(page.getByRole('heading', { name: /is yours$/ })).toHaveCount(0)
    // The form is ready again, and changing the design clears the message.
    await expect(mint).toBeEnabled()
    await page.getByRole('radio', { name: 'Clear' }).check()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('a rejected transaction returns quietly to ready', ANY_WIDTH, async ({ page, wallet }) => {
    await openConnected(page, wallet, '/mint')
    const mint = page.getByRole('button', { name: 'Mint for free' })
    wallet.rejectNext('eth_sendTransaction')
    await mint.click()
    await expect.poll(() => wallet.methods.filter((m) => m === 'eth_sendTransaction').length).toBe(1)
    await expect(mint).toBeEnabled()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('a mint still pending survives a reload, then resolves', ANY_WIDTH, async ({ page, wallet, rpc }) => {
    await openConnected(page, wallet, '/mint')
    const nonce = Number(await rpc('eth_getTransactionCount', [wallet.account, 'latest']))
    // The wallet sends with the nonce after next, so the node holds the mint until the gap is filled.
    wallet.tamperNext('eth_sendTransaction', ([tx]) => [{ ...(tx as object), nonce: toHex(nonce + 1) }])
    await page.getByRole('button', { name: 'Mint for free' }).click()
    const minting = page.getByRole('button', { name: 'Minting…' })
    await expect(minting).toBeDisabled()

    await page.reload()
    await expect(minting).toBeDisabled()
    await page.getByRole('banner').getByTestId('rk-account-button').click()
    await expect(page.getByRole('dialog').getByText(/^Mint night sky #\d+$/)).toBeVisible()
    await page.keyboard.press('Escape')

    await rpc('eth_sendTransaction', [{ from: wallet.account, to: wallet.account, nonce: toHex(nonce) }])
    await expect(page.getByRole('heading', { name: /^Night sky #\d+ is yours$/ })).toBeVisible()
  })

  test('without a wallet the preview follows every control and asks for no RPC', async ({ page, stack }) => {
    await page.goto('/mint')
    await expect(page.getByTestId('supply')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Connect wallet to mint' })).toBeVisible()
    const rpcCalls: string[] = []
    page.on('request', (req) => {
      if (req.url().startsWith(stack.rpcUrl)) rpcCalls.push(req.postData() ?? '')
    })
    // Every trait set explicitly first, so that each change below must show (a trait left to the sky might
    // already have the value a control picks).
    await page.getByRole('slider', { name: 'Zenith hue' }).fill('10')
    await page.getByRole('slider', { name: 'Horizon hue' }).fill('300')
    await page.getByLabel('Constellation').selectOption({ label: 'Cassiopeia · 5 stars' })
    await page.getByRole('radio', { name: 'Cloudy' }).check()
    // Choosing a constellation shows it whole, or the choice would not show at all.
    await expect(page.getByRole('switch', { name: 'Fully revealed' })).toBeChecked()
    const sources = new Set([await preview(page).getAttribute('src')])
    const changes = [
      () => page.getByRole('slider', { name: 'Zenith hue' }).fill('11'),
      () => page.getByRole('slider', { name: 'Horizon hue' }).fill('301'),
      () => page.getByLabel('Constellation').selectOption({ label: 'Orion · 8 stars' }),
      () => page.getByRole('radio', { name: 'Overcast' }).check(),
      () => page.getByRole('switch', { name: 'Fully revealed' }).uncheck(),
      () => page.getByRole('radio', { name: 'Day' }).check(),
    ]
    for (const change of changes) {
      await change()
      sources.add(await preview(page).getAttribute('src'))
    }
    expect(sources.size).toBe(changes.length + 1)
    expect(rpcCalls).toEqual([])
  })
})

test.describe('a wallet that cannot pay', () => {
  test.use({
    walletOptions: async ({ rpc }, use) => {
      const { address, privateKey } = await freshAccount(rpc)
      // Less than a sky with one chosen trait.
      await rpc('anvil_setBalance', [address, '0x38d7ea4c68000'])
      await use({ account: address, privateKeys: [privateKey] })
    },
  })

  test('is told it is short, and where this chain’s ether comes from', ANY_WIDTH, async ({ page, wallet }) => {
    await openConnected(page, wallet, '/mint')
    await page.getByRole('radio', { name: 'Overcast' }).check()
    await expect(page.getByRole('button', { name: 'Insufficient funds' })).toBeDisabled()
    await expect(page.getByText(/^Your wallet does not hold enough ETH for this/)).toBeVisible()
    await expect(page.getByText(/the Local dev wallet funds itself/)).toBeVisible()
  })
})
