import type { Locator, Page } from '@playwright/test'
import {
  accountInHeader,
  askSignIn,
  checkEachPage,
  connectTestWallet,
  openConnected,
  signInModal,
  signMessageButton,
} from '../support/app'
import { expectAccessible } from '../support/axe'
import { mintSky } from '../support/chain'
import { expect, test } from '../support/fixtures'
import { ANVIL_ACCOUNTS } from '../support/test-wallet'

// Every route, disconnected and connected, and the dialogs a person meets on the way, checked by axe against WCAG 2.1
// levels A and AA (support/axe.ts). The side menu, which exists on small screens only, is checked in
// side-menu.mobile.spec.ts.

type Route = {
  name: string
  path: (skyId: bigint) => string
  /** The page's `h1`; the home page's is the deployment's name, which follows the wallet's chain. */
  heading: (skyId: bigint) => string | RegExp
  /**
   * What the page's wallet islands draw once the wallet stack is there, disconnected and connected as the sky's owner:
   * the page read, not the fallback that stands in for it.
   */
  drawn?: { out: (page: Page, skyId: bigint) => Locator; in: (page: Page, skyId: bigint) => Locator }
}

const main = (page: Page) => page.getByRole('main')
const routes: Route[] = [
  { name: 'home', path: () => '/', heading: () => /^\w+ellation$/ },
  {
    name: 'mint',
    path: () => '/mint',
    heading: () => 'Mint a night sky',
    drawn: {
      out: (page) => page.getByRole('button', { name: 'Connect wallet to mint' }),
      in: (page) => page.getByRole('button', { name: /^Mint for / }),
    },
  },
  {
    name: 'your skies',
    path: () => '/stargaze',
    heading: () => 'Stargaze',
    drawn: {
      out: (page) => page.getByRole('heading', { name: 'Connect to see your skies' }),
      in: (page, id) => main(page).getByRole('button', { name: `Open night sky #${id}` }),
    },
  },
  {
    name: 'everyone’s skies',
    path: () => '/stargaze?view=everyone',
    heading: () => 'Stargaze',
    drawn: {
      out: (page) =>
        main(page)
          .getByRole('img', { name: /^Night sky #\d+$/ })
          .first(),
      in: (page) =>
        main(page)
          .getByRole('img', { name: /^Night sky #\d+$/ })
          .first(),
    },
  },
  // Light beside the gallery before it, in a test of three (threes, below).
  { name: 'not found', path: () => '/nope', heading: () => 'Lost in space' },
  {
    name: 'compose',
    path: () => '/compose',
    heading: () => 'Compose',
    drawn: {
      out: (page) => page.getByRole('heading', { name: 'Connect to decorate' }),
      in: (page, id) => main(page).getByRole('link', { name: `Compose night sky #${id}` }),
    },
  },
  {
    name: 'compose a sky',
    path: (id) => `/compose/${id}`,
    heading: (id) => `Compose sky #${id}`,
    drawn: {
      out: (page, id) => page.getByRole('img', { name: new RegExp(`^Preview of night sky #${id} `) }),
      in: (page) => page.getByRole('button', { name: 'Nothing to apply' }),
    },
  },
  {
    name: 'a sky’s page',
    path: (id) => `/sky/${id}`,
    heading: (id) => `Night sky #${id}`,
    drawn: {
      out: (page) => page.getByTestId('sky-owner'),
      // The chain read (the island) names the connected owner; the API's read before it does not.
      in: (page) => main(page).getByText('you', { exact: true }),
    },
  },
]

/** The pages of what everyone does, which read the index. */
const discoveryRoutes: Route[] = [
  {
    name: 'activity',
    path: () => '/activity',
    heading: () => 'Activity',
    drawn: {
      out: (page) => main(page).getByRole('list', { name: 'Latest events' }),
      in: (page) => main(page).getByRole('list', { name: 'Latest events' }),
    },
  },
  {
    name: 'the leaderboard',
    path: () => '/leaderboard?by=gazes',
    heading: () => 'Leaderboard',
    drawn: {
      out: (page) => main(page).getByRole('table').or(main(page).getByText('Nobody has gazed yet.')),
      in: (page) => main(page).getByRole('table').or(main(page).getByText('Nobody has gazed yet.')),
    },
  },
  {
    name: 'a collector’s page',
    path: () => `/collector/${ANVIL_ACCOUNTS[0]}`,
    heading: () => `${ANVIL_ACCOUNTS[0].slice(0, 4)}…${ANVIL_ACCOUNTS[0].slice(-4)}`,
    drawn: {
      out: (page) => main(page).getByRole('article').first().or(main(page).getByText('This account holds no sky.')),
      in: (page) => main(page).getByRole('article').first().or(main(page).getByText('This account holds no sky.')),
    },
  },
]

/** Waits for the page's heading and for what its wallet islands draw. */
async function settle(page: Page, route: Route, skyId: bigint, signedIn: boolean) {
  const heading = route.heading(skyId)
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: typeof heading === 'string' })).toBeVisible()
  if (route.drawn) await expect(route.drawn[signedIn ? 'in' : 'out'](page, skyId)).toBeVisible()
  // The wallet reconnects as the page loads: the header shows the account once it has.
  if (signedIn) await expect(accountInHeader(page)).toBeVisible()
}

/** Checks each route in turn in the page (checkEachPage), each a step named after the route. */
const checkEach = (page: Page, routes: Route[], skyId: bigint, signedIn: boolean) =>
  checkEachPage(
    page,
    routes.map((route) => ({ route, name: route.name, path: route.path(skyId) })),
    async ({ route, path }) => {
      await settle(page, route, skyId, signedIn)
      await expectAccessible(page, signedIn ? `${path}, connected` : path)
    },
  )

/** Three routes to a test fit its 30 s on one core's worth of two: up to 25 s under that quota, where four took 29 s. */
const threes = (list: Route[]): Route[][] =>
  Array.from({ length: Math.ceil(list.length / 3) }, (_, i) => list.slice(3 * i, 3 * i + 3))
const named = (group: Route[]) => group.map((route) => route.name).join(', ')

// A test checks a few routes in one page, one after another, as a visitor meets them or as the owner of the sky they
// show, whose wallet reconnects as each page loads. The connect modal is checked below.
// The pages of what everyone does read the index, not the wallet: connecting changes nothing on them but the header.
for (const group of threes([...routes, ...discoveryRoutes])) {
  test(`disconnected, no serious or critical axe violation: ${named(group)}`, async ({ page, wallet, stack, rpc }) => {
    const skyId = await mintSky(stack, rpc, wallet.account)
    await checkEach(page, group, skyId, false)
  })
}
for (const group of threes(routes)) {
  test(`connected, no serious or critical axe violation: ${named(group)}`, async ({ page, wallet, stack, rpc }) => {
    const skyId = await mintSky(stack, rpc, wallet.account)
    await wallet.rememberedBy(page)
    await checkEach(page, group, skyId, true)
  })
}

test.describe('dialogs', () => {
  test('the connect modal has no serious or critical axe violation', async ({ page }) => {
    await page.goto('/')
    await page.getByTestId('rk-connect-button').click()
    await expect(page.getByRole('dialog').getByText('Connect a Wallet')).toBeVisible()
    await expectAccessible(page, 'the connect modal')
  })

  test('the sign-in modal has no serious or critical axe violation', async ({ page, wallet, stack, rpc }) => {
    const skyId = await mintSky(stack, rpc, wallet.account)
    await openConnected(page, wallet, `/compose/${skyId}`)
    await askSignIn(page)
    await signMessageButton(signInModal(page))
    await expectAccessible(page, 'the sign-in modal')
  })

  test('the account modal has no serious or critical axe violation', async ({ page, wallet }) => {
    await openConnected(page, wallet, '/')
    await page.getByTestId('rk-account-button').click()
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Disconnect' })).toBeVisible()
    await expectAccessible(page, 'the account modal')
  })

  test('the sky viewer has no serious or critical axe violation', async ({ page, wallet, stack, rpc }) => {
    const skyId = await mintSky(stack, rpc, wallet.account)
    await openConnected(page, wallet, '/stargaze')
    await main(page)
      .getByRole('button', { name: `Open night sky #${skyId}` })
      .click()
    await expect(page.getByRole('dialog').getByRole('img', { name: /as the chain draws it$/ })).toBeVisible()
    await expectAccessible(page, 'the sky viewer')
  })
})

test.describe('the header, connected', () => {
  // RainbowKit's chain button is labelled "Chain Selector"; any text it shows must be part of that name (WCAG 2.5.3).
  // It would show the chain's name until the chain's icon had loaded; the app gives the icon inline.
  test('the chain button shows no text outside its label, from its first frame', async ({ page, wallet }) => {
    await page.goto('/')
    await page.evaluate(() => {
      const seen: string[] = []
      Object.assign(window, { chainButtonTexts: seen })
      new MutationObserver(() => {
        for (const button of document.querySelectorAll<HTMLElement>('[aria-label="Chain Selector"]')) {
          // biome-ignore lint/performance/useDomNodeTextContent: the text shown, not the hidden name RainbowKit keeps.
          const text = button.innerText.trim()
          if (text) seen.push(text)
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
    })
    await connectTestWallet(page, wallet)
    await expect(page.getByRole('button', { name: 'Chain Selector' }).getByRole('img', { name: 'Local' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { chainButtonTexts: string[] }).chainButtonTexts)).toEqual(
      [],
    )
  })
})

test.describe('the check itself', () => {
  // axe runs in the page and cannot look into a frame of another origin (support/axe.ts): such a page is refused.
  test('refuses a page with a frame of another origin rather than pass it partly unchecked', async ({
    page,
    stack,
  }) => {
    await page.goto('/')
    await page.evaluate((src) => {
      const frame = document.createElement('iframe')
      frame.src = src
      frame.title = 'another origin'
      document.body.append(frame)
      return new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }))
    }, `${stack.strangerParentOrigin}/`)
    await expect(expectAccessible(page, 'a page with a foreign frame')).rejects.toThrow(/would not check/)
  })
})
