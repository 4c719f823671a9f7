import { setLocalName } from '@chainellation/contracts/ens'
import { anvilAccount } from '@chainellation/contracts/safe'
import { devices, type Locator, type Page } from '@playwright/test'
import { askSignIn, connectTestWallet, connectWith, signIn } from '../support/app'
import { chainTime, decorateSky, gaze, mintSky, offsetWhereItIs } from '../support/chain'
import { expect, test } from '../support/fixtures'
import { freshSafe, SafeHost } from '../support/safe-host'
import type { StackInfo } from '../support/stack-env'
import { ANVIL_ACCOUNTS } from '../support/test-wallet'

// Run on request only (`npm run screenshots -w e2e`): rewrites the PNGs in docs/screenshots.
const dir = new URL('../../docs/screenshots/', import.meta.url)

/** A small avatar, as an ENS avatar text record can hold one (ENSIP-12). */
const AVATAR = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="4" fill="#7aa2ff"/>' +
    '<circle cx="5.4" cy="2.6" r="0.7" fill="#fff"/></svg>',
).toString('base64')}`

/** Gives anvil's account `index` the primary name `name` on the stack's ENS stand-in (this run's stack only). */
async function nameAnvilAccount(stack: StackInfo, index: number, name: string) {
  await setLocalName({
    rpcUrl: stack.anvilUrl,
    resolver: stack.ensUniversalResolver,
    account: anvilAccount(index),
    name: { name, avatar: AVATAR },
  })
}

/** A phone's browser: its user agent (an iPhone's Safari, as RainbowKit tells phones by it) and a touch screen. */
const PHONE = {
  userAgent: devices['iPhone 13'].userAgent,
  isMobile: true,
  hasTouch: true,
}

const sizes = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]
// `shown`: what the page's wallet island draws, so the picture is of the page read, not of its fallback.
const routes: { name: string; path: string; heading: string; shown?: (page: Page) => Locator }[] = [
  { name: 'home', path: '/', heading: 'chainellation' },
  { name: 'mint', path: '/mint', heading: 'Mint a night sky' },
  {
    name: 'stargaze',
    path: '/stargaze',
    heading: 'Stargaze',
    shown: (page) => page.getByRole('heading', { name: 'Connect to see your skies' }),
  },
  {
    name: 'compose',
    path: '/compose',
    heading: 'Compose',
    shown: (page) => page.getByRole('heading', { name: 'Connect to decorate' }),
  },
  {
    name: 'compose-sky',
    path: '/compose/1',
    heading: 'Compose sky #1',
    // Sky #1 exists once an earlier picture has minted it.
    shown: (page) =>
      page
        .getByRole('img', { name: /^Preview of night sky #1 / })
        .or(page.getByRole('heading', { name: 'No night sky #1' })),
  },
  { name: 'not-found', path: '/nope', heading: 'Lost in space' },
]

async function shoot(page: Page, name: string) {
  const size = page.viewportSize()
  await page.evaluate(() => document.fonts.ready)
  // The picture shows the page as it opens: from the top, nothing focused.
  await page.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.scrollTo(0, 0)
  })
  const path = new URL(`${name}-${size?.width}x${size?.height}.png`, dir).pathname
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' })
}

type Size = (typeof sizes)[number]

/** The routes as they open, and the connect modal over them. */
function picturesOfThePages(size: Size) {
  test('every route', async ({ page }) => {
    for (const { name, path, heading, shown } of routes) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
      if (shown) await expect(shown(page)).toBeVisible()
      if (path === '/mint') await expect(page.getByTestId('supply')).toBeVisible()
      await shoot(page, name)
    }
  })

  // What a person without a wallet extension sees; the test wallet stays out of the pictures. RainbowKit picks its
  // modal by the browser, not the width: at the small size, the phone's (a sheet of wallet icons) as a phone shows it.
  test.describe(() => {
    if (size.width < 768) test.use(PHONE)
    test('the connect modal', async ({ page }) => {
      await page.goto('/')
      await page.getByTestId('rk-connect-button').click()
      await expect(page.getByRole('dialog').getByText('Connect a Wallet')).toBeVisible()
      // Its icons and illustrations are images, drawn once decoded: the picture is of the modal a moment later.
      await expect
        .poll(() =>
          page.getByRole('dialog').evaluate(async (dialog) => {
            const images = [...dialog.querySelectorAll('img')]
            await Promise.all(images.map((image) => image.decode().catch(() => undefined)))
            return images.every((image) => image.complete && image.naturalWidth > 0)
          }),
        )
        .toBe(true)
      await shoot(page, 'connect')
    })
  })
}

/** Inside the tests' Safe{Wallet} stand-in: a 2-of-2 Safe's mint waiting for its second owner. */
function picturesOfASafeMint(size: Size) {
  test('a Safe mint awaiting signatures', async ({ page, stack, rpc }) => {
    const safe = await freshSafe(stack, rpc, { owners: 2, threshold: 2 })
    const host = new SafeHost({
      rpcUrl: stack.rpcUrl,
      chainId: stack.chainId,
      contracts: stack.safes.contracts,
      safe: safe.address,
      owners: safe.owners,
      threshold: 2,
      proposers: 1,
    })
    const app = await host.open(page, { parentOrigin: stack.safeParentOrigin, appUrl: `${stack.webUrl}/mint` })
    await app.getByRole('button', { name: 'Mint for free' }).click()
    const note = app.getByRole('status').filter({ hasText: "Awaiting other owners' signatures" })
    await expect(note).toBeVisible()
    await note.evaluate((el) => el.scrollIntoView({ block: 'center' }))
    await page.evaluate(() => document.fonts.ready)
    const path = new URL(`safe-awaiting-${size.width}x${size.height}.png`, dir).pathname
    await page.screenshot({ path, animations: 'disabled', caret: 'hide' })
  })
}

/** A sky designed and minted, and its own page. */
function picturesOfASky() {
  test('a sky designed, then minted with the local dev wallet', async ({ page }) => {
    await page.goto('/mint')
    await expect(page.getByTestId('supply')).toBeVisible()
    await page.getByRole('slider', { name: 'Zenith hue' }).fill('232')
    await page.getByRole('slider', { name: 'Horizon hue' }).fill('292')
    await page.getByLabel('Constellation').selectOption({ label: 'Orion · 8 stars' })
    await page.getByRole('radio', { name: 'Wisps' }).check()
    await shoot(page, 'mint-designed')
    await connectWith(page, 'localDevWallet')
    await page.getByRole('button', { name: /^Mint for/ }).click()
    await expect(page.getByRole('heading', { name: /is yours$/ })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('img', { name: /as the chain draws it$/ })).toBeVisible()
    await shoot(page, 'mint-success')
  })

  test('a sky’s own page', async ({ page, stack, rpc }) => {
    // Its owner has an ENS name and avatar, which the page shows in place of the address.
    await nameAnvilAccount(stack, 9, 'orion-watcher.eth')
    const skyId = await mintSky(stack, rpc, ANVIL_ACCOUNTS[9])
    await decorateSky(stack, rpc, ANVIL_ACCOUNTS[9], skyId)
    await page.goto(`/sky/${skyId}`)
    await expect(page.getByRole('img', { name: /as the chain draws it$/ })).toBeVisible()
    await expect(page.getByTestId('sky-owner')).toHaveText('orion-watcher.eth')
    await shoot(page, 'sky-page')
  })
}

/** A collector's skies, the sign-in a draft asks for, and a sky being composed. */
function picturesOfACollection(size: Size) {
  test('your skies, the viewer and everyone’s skies', async ({ page, wallet, stack, rpc }) => {
    test.setTimeout(120_000)
    const now = await chainTime(stack)
    const hours = [22, 1, 20, 12, 9, 23]
    const ids: bigint[] = []
    for (const hour of hours) ids.push(await mintSky(stack, rpc, wallet.account, offsetWhereItIs(hour, now)))
    // Some progress to show: two gazes, and a decorated sky.
    for (const id of ids.slice(0, 2)) await gaze(stack, rpc, wallet.account, id)
    await decorateSky(stack, rpc, wallet.account, ids[2] as bigint)
    // The collector has a name: the header shows it once they have signed in.
    await nameAnvilAccount(stack, size.width < 768 ? 2 : 3, size.width < 768 ? 'night-owl.eth' : 'stargazer.eth')
    await page.goto('/stargaze')
    await connectTestWallet(page, wallet)
    await expect(page.getByRole('banner').getByTestId('named-account-button')).toBeVisible()
    await expect(
      page
        .getByRole('main')
        .getByRole('img', { name: /^Night sky #\d+$/ })
        .first(),
    ).toBeVisible()
    await shoot(page, 'stargaze-skies')
    await page.getByRole('button', { name: `Open night sky #${ids[2]}` }).click()
    await expect(page.getByRole('dialog').getByRole('img', { name: /as the chain draws it$/ })).toBeVisible()
    await shoot(page, 'stargaze-viewer')
    await page.keyboard.press('Escape')
    await page.goto('/stargaze?view=everyone')
    await expect(
      page
        .getByRole('main')
        .getByRole('img', { name: /^Night sky #\d+$/ })
        .first(),
    ).toBeVisible()
    await shoot(page, 'gallery')
  })

  // After the named collector's test: the API keeps a name lookup for a day, and this one connects the same account.
  test('the sign-in modal, which drafts ask for', async ({ page, wallet, stack, rpc }) => {
    const skyId = await mintSky(stack, rpc, wallet.account)
    await page.goto(`/compose/${skyId}`)
    await connectTestWallet(page, wallet)
    await askSignIn(page)
    await expect(page.getByRole('dialog').getByTestId('rk-auth-message-button')).toBeVisible()
    await shoot(page, 'sign-in')
  })

  test('composing one of your skies, with a draft', async ({ page, wallet, stack, rpc }) => {
    const skyId = await mintSky(stack, rpc, wallet.account, offsetWhereItIs(22, await chainTime(stack)))
    await page.goto(`/compose/${skyId}`)
    await connectTestWallet(page, wallet)
    await page
      .getByRole('group', { name: /^Silhouette/ })
      .getByRole('radio', { name: /Rolling Hills/ })
      .check()
    await page
      .getByRole('group', { name: /^Sky/ })
      .getByRole('radio', { name: /Crescent Moon/ })
      .check()
    await page.getByLabel('Draft name').fill('Moonrise over the hills')
    await page.getByRole('button', { name: 'Save draft' }).click()
    await signIn(page)
    await expect(page.getByRole('list', { name: 'Your drafts' }).getByText('Moonrise over the hills')).toBeVisible()
    await shoot(page, 'compose-owned')
  })
}

/** The side menu, which only small screens have. */
function pictureOfTheSideMenu() {
  test('the side menu', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
    await shoot(page, 'menu')
  })
}

for (const size of sizes) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    // A collector of its own per width, so each picture shows the same kind of collection.
    test.use({ viewport: size, walletOptions: { account: ANVIL_ACCOUNTS[size.width < 768 ? 2 : 3] } })
    picturesOfThePages(size)
    picturesOfASafeMint(size)
    picturesOfASky()
    picturesOfACollection(size)
    if (size.width < 768) pictureOfTheSideMenu()
  })
}
