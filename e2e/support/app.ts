import type { Locator, Page, Response } from '@playwright/test'
import { mintSky, type Rpc } from './chain'
import { expect, test } from './fixtures'
import type { StackInfo } from './stack-env'
import { TEST_WALLET_INFO, type TestWallet } from './test-wallet'

/** The header's link home, named by the deployment's display name. */
export const brandLink = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name, exact: true })

/** Whether the viewport is at least the app's wide-screen breakpoint (768 px). */
export const isWide = (page: Page) => (page.viewportSize()?.width ?? 0) >= 768

/** What the API says about this browser's session (the request carries the page's cookies). */
export async function session(page: Page): Promise<{ authenticated: boolean; address?: string; chainId?: number }> {
  const res = await page.request.get('/api/auth/session')
  expect(res.ok(), `/api/auth/session answered ${res.status()}`).toBe(true)
  return res.json()
}

/**
 * Wallet `walletId`'s option in RainbowKit's open connect modal, once the modal has come to rest. It slides in
 * (reduced motion or not); on a starved machine Playwright may find an option "stable" between two slow frames and
 * click where it was, below the list, picking nothing (seen in a CI run's trace).
 */
export async function walletOption(page: Page, walletId: string): Promise<Locator> {
  const modal = page.getByRole('dialog')
  await expect(modal.getByText('Connect a Wallet')).toBeVisible()
  await modal.evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((a) => a.finished)))
  return modal.getByTestId(`rk-wallet-option-${walletId}`)
}

/** Opens RainbowKit's connect modal from the header and picks `walletId`. */
export async function connectWith(page: Page, walletId: string) {
  // A press before the wallet stack is there opens the modal once it has loaded.
  await page.getByTestId('rk-connect-button').click()
  await (await walletOption(page, walletId)).click()
}

/** The header's account, as RainbowKit or the app's named button shows it (or its wrong-network button). */
export const accountInHeader = (page: Page) =>
  page
    .getByRole('banner')
    .locator(
      '[data-testid="rk-account-button"], [data-testid="named-account-button"], [data-testid="rk-wrong-network-button"]',
    )
    .first()

/**
 * Connects the injected test wallet through RainbowKit and waits until the page shows the account: the wallet has
 * given its account before wagmi has finished connecting (a chain switched in between would be switched back).
 */
export async function connectTestWallet(page: Page, wallet: TestWallet) {
  await connectWith(page, TEST_WALLET_INFO.rdns)
  await expect.poll(() => wallet.isConnected).toBe(true)
  await expect(accountInHeader(page)).toBeVisible()
}

/**
 * Opens `path` as a returning player whose wallet reconnects on load ({@link TestWallet.rememberedBy}), and waits until
 * the page shows the account: for tests whose subject comes after connecting, which wallet.spec.ts plays through the
 * connect modal.
 */
export async function openConnected(page: Page, wallet: TestWallet, path: string) {
  await wallet.rememberedBy(page)
  await page.goto(path)
  await expect(accountInHeader(page)).toBeVisible()
}

/** The sign-in ("Verify your account") modal RainbowKit shows to a connected, signed-out account. */
export const signInModal = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByText('Verify your account') })

/**
 * The sign-in modal's "Sign message" button, once it takes a press. RainbowKit asks the API for a nonce when the modal
 * opens and ignores presses until it has one (it shows "Preparing message..." meanwhile and sets no `disabled`
 * attribute).
 */
export async function signMessageButton(modal: Locator) {
  const send = modal.getByTestId('rk-auth-message-button')
  await expect(send).toHaveText('Sign message')
  return send
}

/**
 * Asks for a sign-in where a player meets it: the drafts panel of Compose (drafts are what need a session; connecting
 * asks for none). The page must be a Compose page of a sky the connected wallet owns.
 */
export async function askSignIn(page: Page) {
  await page
    .getByRole('region', { name: 'Drafts' })
    .getByRole('button', { name: /^Sign in to (see|open) your drafts?$/ })
    .click()
  await expect(signInModal(page)).toBeVisible()
}

/** Signs the sign-in message and waits until the modal is gone. */
export async function signIn(page: Page) {
  const modal = signInModal(page)
  await (await signMessageButton(modal)).click()
  await expect(modal).toBeHidden()
}

/** Waits until the app's script has run and sees presses itself (before, the page is its build-time HTML). */
export const appReady = (page: Page) =>
  page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'), undefined, { timeout: 10_000 })

/** Holds back `page`'s requests to `url` (a glob) until `release()`: the page as it is while that read is on its way. */
export async function holdRequests(page: Page, url: string) {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(url, async (route) => {
    await held
    await route.fallback()
  })
  return { release: () => release() }
}

/**
 * Holds back the app's entry module (the boot script names it, `data-entry`) on the next pages `page` opens, until
 * `release()`: meanwhile the page is its HTML and nothing of the app runs. `requested()` resolves once the boot script
 * has asked for the entry, once the page has painted and its HTML has been parsed.
 */
export async function holdAppEntry(page: Page) {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let markRequested = () => {}
  const requested = new Promise<void>((resolve) => {
    markRequested = resolve
  })
  let entry = ''
  await page.route('**/*', async (route) => {
    const request = route.request()
    if (request.isNavigationRequest()) {
      const response = await route.fetch()
      const html = await response.text()
      entry = /\sdata-entry="([^"]+)"/.exec(html)?.[1] ?? ''
      return route.fulfill({ response, body: html })
    }
    if (entry && new URL(request.url()).pathname === entry) {
      markRequested()
      await held
    }
    return route.fallback()
  })
  return { path: () => entry, requested: () => requested, release: () => release() }
}

/**
 * Serves sky `skyId`'s page as the API does when it could not read the sky as it served it: the build's page of a sky
 * with the number written in, without the picture or the read (server/src/web-pages.ts). With `apiDown`, the API's
 * own sky route answers 502 as well, as when its node is down: the page then has only its own chain read.
 */
export async function serveSkyPageUnread(page: Page, skyId: bigint, { apiDown = false } = {}) {
  await page.route(`**/sky/${skyId}`, async (route) => {
    const plain = await route.fetch({ url: new URL('/_sky.html', route.request().url()).href })
    await route.fulfill({ response: plain, body: (await plain.text()).replaceAll('9007199254740991', String(skyId)) })
  })
  if (apiDown) {
    await page.route(/\/api\/skies\//, (route) =>
      route.fulfill({ status: 502, json: { error: 'The chain did not answer; try again.' } }),
    )
  }
}

/**
 * Mints a sky to the test wallet's account and opens its Compose page as its owner returning, whose wallet reconnects
 * on load. Returns the sky's number.
 */
export async function composeOwnSky(page: Page, wallet: TestWallet, stack: StackInfo, rpc: Rpc): Promise<bigint> {
  const skyId = await mintSky(stack, rpc, wallet.account)
  await openConnected(page, wallet, `/compose/${skyId}`)
  return skyId
}

/** The Compose page's group of choices for one layer ("Sky", "Silhouette", …). */
export const decorationLayer = (page: Page, name: string) => page.getByRole('group', { name: new RegExp(`^${name}`) })

/** The entry of an activity feed whose sentence holds `words`. */
export const feedEntry = (feed: Locator, words: string | RegExp) =>
  feed.getByRole('listitem').filter({ hasText: words })

/**
 * The entry of an activity feed telling that sky `skyId` was minted. Found by its sky's link, named exactly: a row's
 * text runs on into its time, so "minted Night sky #2" and "1 minute ago" read as "minted Night sky #21 minute ago".
 */
export const mintedEntry = (feed: Locator, skyId: bigint) =>
  feedEntry(feed, 'minted').filter({
    has: feed.page().getByRole('link', { name: `Night sky #${skyId}`, exact: true }),
  })

/**
 * Loads each page of `pages` in turn in `page` and runs `check` on it with the document's response, each page a step
 * named after it (`name`, or else its path), which a failure names. A test of the same check on several pages goes
 * through them so, in one browser context: a fresh context costs its test more than a page does (docs/testing.md).
 */
export async function checkEachPage<T extends { path: string; name?: string }>(
  page: Page,
  pages: readonly T[],
  check: (item: T, response: Response | null) => Promise<void>,
) {
  for (const item of pages) {
    await test.step(item.name ?? item.path, async () => check(item, await page.goto(item.path)))
  }
}
