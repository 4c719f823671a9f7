import { writeChaosReport } from '@chainellation/scripts/chaos'
import type { Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { openConnected, serveSkyPageUnread } from '../support/app'
import { mintSky, rpcAt } from '../support/chain'
import { test as base, expect } from '../support/fixtures'
import { type ProxyMode, type RpcFault, type RpcProxy, startRpcProxy } from '../support/rpc-proxy'
import { readStackInfo } from '../support/stack-env'

// The app's chain endpoints fail in each way a node or a provider fails, while a page reads from them: the page must
// say so in words, and come back by itself, in the same document, once the endpoint answers again; with the first
// endpoint down the fallback must carry on unseen. Each test's page reaches the chain through two proxies of its own
// in front of anvil (one per endpoint the app was built with), so a fault here never reaches the tests beside it.

type Endpoints = {
  primary: RpcProxy
  fallback: RpcProxy
  /** Puts both endpoints in `mode`. */
  set: (mode: ProxyMode) => void
}

/** Sends the page's requests for `endpoint` (a URL the app was built with) to `proxy` instead. */
async function routeTo(page: Page, endpoint: string, proxy: RpcProxy) {
  const target = new URL(endpoint)
  await page.route(
    (url) => url.origin === target.origin && url.pathname === target.pathname,
    async (route) => {
      try {
        await route.fulfill({ response: await route.fetch({ url: proxy.url, timeout: 30_000 }) })
      } catch {
        // The proxy closed the connection without an answer: so does the page's request. (Or the page is gone.)
        await route.abort('connectionclosed').catch(() => {})
      }
    },
  )
}

const test = base.extend<{ endpoints: Endpoints; pageErrors: string[] }>({
  endpoints: async ({ page, stack }, use) => {
    const [primary, fallback] = await Promise.all([
      startRpcProxy({ upstream: stack.anvilUrl }),
      startRpcProxy({ upstream: stack.anvilUrl }),
    ])
    await routeTo(page, stack.rpcUrl, primary)
    await routeTo(page, stack.fallbackRpcUrl, fallback)
    await use({
      primary,
      fallback,
      set: (mode) => {
        primary.setMode(mode)
        fallback.setMode(mode)
      },
    })
    await Promise.all([primary.close(), fallback.close()])
  },
  pageErrors: async ({ page }, use) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await use(errors)
  },
})

// In order, in one worker, to count every fault injected and survived in one report.
test.describe.configure({ mode: 'serial' })

/** The faults this file injects, each as one page sees it; every one must be survived. */
const PLANNED = 9
const tally = { injected: 0, survived: 0 }
const figures = { networkRetries: 0, statusRetries: 0, statusAnswers: 0, fallbackAnswers: 0, firstEndpointFailures: 0 }

// A sky of an account no other test uses, so every page here has something to show.
const OWNER = privateKeyToAddress(generatePrivateKey())
let skyId = 0n

test.beforeAll(async () => {
  const stack = readStackInfo()
  const rpc = rpcAt(stack.rpcUrl)
  await rpc('anvil_setBalance', [OWNER, '0x56bc75e2d63100000']) // 100 ETH
  await rpc('anvil_impersonateAccount', [OWNER])
  skyId = await mintSky(stack, rpc, OWNER)
})

test.afterAll(() => {
  writeChaosReport('e2e-faults-rpc.json', {
    section: 'RPC faults (browser)',
    rows: [
      {
        measure: 'faults injected (down, slow, JSON-RPC error, HTTP 429, HTTP 500)',
        value: tally.injected,
        expected: PLANNED,
      },
      {
        measure: 'faults survived: said in words, recovered without a reload',
        value: tally.survived,
        expected: PLANNED,
      },
      {
        measure: 'requests repeated within 2 s after HTTP 429/500 (retries)',
        value: figures.statusRetries,
        expected: 0,
      },
      { measure: 'HTTP 429/500 answers given', value: figures.statusAnswers },
      { measure: 'requests repeated within 2 s after a closed connection (retries)', value: figures.networkRetries },
      { measure: 'requests the fallback answered, first endpoint down', value: figures.fallbackAnswers },
      { measure: 'requests the first endpoint failed meanwhile', value: figures.firstEndpointFailures },
    ],
  })
})

/** Marks the page's document, to tell later that it was never reloaded. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }))
const isSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)

type Scene = {
  /** Opens the page, with the fault in place. */
  open: () => Promise<unknown>
  /** What the page says while the chain does not answer. */
  readable: () => Promise<void>
  /** What the page shows once it does. */
  recovered: () => Promise<void>
}

/**
 * Injects `fault` at both endpoints, opens the page, checks it says so in words, lifts the fault and checks the page
 * recovers in the same document without an uncaught error; counts the fault as injected, then as survived.
 */
async function survive(page: Page, endpoints: Endpoints, pageErrors: string[], fault: RpcFault, scene: Scene) {
  endpoints.set(fault)
  tally.injected++
  await scene.open()
  await scene.readable()
  await markDocument(page)
  endpoints.set('pass')
  // A page re-reads what the chain did not answer every 4 seconds: two chances. (toPass has no timeout of its own.)
  await expect(async () => scene.recovered()).toPass({ timeout: 10_000 })
  expect(await isSameDocument(page), 'the page was reloaded').toBe(true)
  expect(pageErrors).toEqual([])
  tally.survived++
}

const DID_NOT_ANSWER = /did not answer/

/**
 * The image of the gallery's newest sky. Not this file's own sky: other tests mint beside these ones (the stargaze
 * tests 24 skies at a time), so it may be pages down the gallery, newest first, by the time a test looks.
 */
const newestInGallery = (page: Page) => page.getByRole('img', { name: /^Night sky #\d+$/ }).first()

/**
 * Retries come 150, 300 and 600 ms apart (plus the time each request takes, long on a busy machine); a page reads
 * again on purpose every 4 s. The same request coming again sooner than this is a retry.
 */
const RETRY_WINDOW_MS = 2000
/** The gap between a closed connection and its retry, at most, on a busy machine; less than the 4 s re-read. */
const NETWORK_RETRY_WINDOW_MS = 3000

const mintPage = (page: Page): Scene => ({
  open: () => page.goto('/mint'),
  readable: async () => {
    await expect(page.getByText('The chain did not answer; supply and price will show when it does.')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Mint a night sky' })).toBeVisible()
  },
  recovered: async () => {
    await expect(page.getByTestId('supply')).toHaveText(/^[\d,]+ \/ [\d,]+$/, { timeout: 1000 })
    await expect(page.getByText(DID_NOT_ANSWER)).toHaveCount(0)
  },
})

const skyPage = (page: Page): Scene => ({
  open: async () => {
    // The API's read of the sky, which would draw it without the page's own, fails as well (its node down too).
    await serveSkyPageUnread(page, skyId, { apiDown: true })
    await page.goto(`/sky/${skyId}`)
  },
  readable: async () => {
    await expect(page.getByText('The chain did not answer; the sky will show when it does.')).toBeVisible()
  },
  recovered: async () => {
    await expect(page.getByRole('img', { name: `Night sky #${skyId}, as the chain draws it` })).toBeVisible({
      timeout: 1000,
    })
  },
})

/** The gallery lists its skies from its index, which reads the chain itself: the page's own reads are the images. */
const gallery = (page: Page): Scene => ({
  open: () => page.goto('/stargaze?view=everyone'),
  readable: async () => {
    await expect(page.getByRole('img', { name: /^Night sky #\d+ could not be drawn$/ }).first()).toBeVisible()
    await expect(page.getByText('The chain did not return this image.').first()).toBeVisible()
  },
  recovered: async () => {
    await expect(newestInGallery(page)).toBeVisible({ timeout: 1000 })
    await expect(page.getByRole('img', { name: /could not be drawn$/ })).toHaveCount(0)
  },
})

/** Lets the page re-read at least once more while the endpoints still answer with an error status. */
async function readAgainDuring(endpoints: Endpoints, fault: RpcFault) {
  const before = endpoints.primary.counts[fault]
  await expect.poll(() => endpoints.primary.counts[fault], { timeout: 15_000 }).toBeGreaterThan(before)
}

/** Checks no request was made again at once after an error status, and counts them for the report. */
function expectNoRetry(endpoints: Endpoints, fault: 'http-429' | 'http-500') {
  const repeats =
    endpoints.primary.repeatsWithin(RETRY_WINDOW_MS, fault) + endpoints.fallback.repeatsWithin(RETRY_WINDOW_MS, fault)
  figures.statusRetries += repeats
  figures.statusAnswers += endpoints.primary.counts[fault] + endpoints.fallback.counts[fault]
  expect(repeats, `requests sent again within 2 s of a ${fault}`).toBe(0)
  // Each read met the first endpoint's refusal, then the fallback's, once: that is moving on, not asking again.
  return expect.poll(() => endpoints.fallback.counts[fault] - endpoints.primary.counts[fault]).toBe(0)
}

test('RPC down: the mint page says the chain did not answer, retries, and shows supply and price when it does', async ({
  page,
  endpoints,
  pageErrors,
}) => {
  const scene = mintPage(page)
  await survive(page, endpoints, pageErrors, 'down', {
    ...scene,
    readable: async () => {
      await scene.readable()
      // A closed connection is worth another try (3, after 150, 300 and 600 ms): the same request comes again.
      // The sentence may show for one read while another is still being retried, and a busy machine stretches
      // the gaps: wait for the retries, each within 3 s of the one before (the next re-read is 4 s away).
      await expect
        .poll(() => endpoints.primary.repeatsWithin(NETWORK_RETRY_WINDOW_MS, 'down'), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(3)
      figures.networkRetries += endpoints.primary.repeatsWithin(NETWORK_RETRY_WINDOW_MS, 'down')
    },
  })
})

test('JSON-RPC errors: a sky’s page says the chain did not answer, and draws the sky when it does', async ({
  page,
  endpoints,
  pageErrors,
}) => {
  await survive(page, endpoints, pageErrors, 'rpc-error', skyPage(page))
  expect(endpoints.primary.counts['rpc-error']).toBeGreaterThan(0)
})

test('HTTP 429: the gallery’s images say the chain did not answer, asks no more than once per read, and recovers', async ({
  page,
  endpoints,
  pageErrors,
}) => {
  const scene = gallery(page)
  await survive(page, endpoints, pageErrors, 'http-429', {
    ...scene,
    readable: async () => {
      await scene.readable()
      await readAgainDuring(endpoints, 'http-429')
      await expectNoRetry(endpoints, 'http-429')
    },
  })
})

test('HTTP 500: the mint page says the chain did not answer, asks no more than once per read, and recovers', async ({
  page,
  endpoints,
  pageErrors,
}) => {
  const scene = mintPage(page)
  await survive(page, endpoints, pageErrors, 'http-500', {
    ...scene,
    readable: async () => {
      await scene.readable()
      await readAgainDuring(endpoints, 'http-500')
      await expectNoRetry(endpoints, 'http-500')
    },
  })
})

test('slow (5 s): the gallery’s images say they are drawing, shows no error before the timeout, and fills in', async ({
  page,
  endpoints,
  pageErrors,
}) => {
  await survive(page, endpoints, pageErrors, 'slow', {
    open: () => page.goto('/stargaze?view=everyone'),
    readable: async () => {
      const reading = page.getByRole('img', { name: /^Night sky #\d+, drawing…$/ }).first()
      await expect(reading).toBeVisible()
      // Past the half of the wait, still reading, and not a word of failure: the app waits up to 10 s.
      await page.waitForTimeout(3000)
      await expect(reading).toBeVisible()
      await expect(page.getByText(DID_NOT_ANSWER)).toHaveCount(0)
      // The answer comes, late.
      await expect(newestInGallery(page)).toBeVisible({ timeout: 15_000 })
      expect(endpoints.primary.counts.slow).toBeGreaterThan(0)
    },
    recovered: async () => {
      await expect(newestInGallery(page)).toBeVisible({ timeout: 1000 })
      await expect(page.getByText(DID_NOT_ANSWER)).toHaveCount(0)
    },
  })
})

test('first endpoint down: the fallback carries every page on without a word of it', async ({
  page,
  endpoints,
  pageErrors,
}) => {
  await page.goto('/mint')
  await expect(page.getByTestId('supply')).toBeVisible()
  endpoints.primary.setMode('down')
  tally.injected++
  const carried = endpoints.fallback.counts.pass

  // Moving on in the app, and opening a page afresh, while the first endpoint is down.
  await page.getByRole('link', { name: 'Stargaze' }).first().click()
  await page.getByRole('link', { name: 'Everyone’s skies' }).click()
  await expect(newestInGallery(page)).toBeVisible()
  await page.goto(`/sky/${skyId}`)
  await expect(page.getByRole('img', { name: `Night sky #${skyId}, as the chain draws it` })).toBeVisible()
  await expect(page.getByText(DID_NOT_ANSWER)).toHaveCount(0)

  expect(endpoints.primary.counts.down).toBeGreaterThan(0)
  expect(endpoints.fallback.counts.pass).toBeGreaterThan(carried)
  figures.firstEndpointFailures += endpoints.primary.counts.down
  figures.fallbackAnswers += endpoints.fallback.counts.pass - carried
  endpoints.primary.setMode('pass')
  expect(pageErrors).toEqual([])
  tally.survived++
})

test.describe('a connected player', () => {
  test.use({ walletOptions: { account: OWNER } })

  test('RPC down: their skies, the compose list and a sky to compose each say so, and come back', async ({
    page,
    wallet,
    endpoints,
    pageErrors,
  }) => {
    // Three pages, each through a fault and back, each waiting for the app's retries and its re-read: ~30 s.
    test.setTimeout(60_000)
    await openConnected(page, wallet, '/stargaze')
    await expect(page.getByRole('article', { name: `Night sky #${skyId}` })).toBeVisible()

    await survive(page, endpoints, pageErrors, 'down', {
      open: () => page.goto('/stargaze'),
      readable: async () => {
        await expect(page.getByRole('heading', { name: 'The chain did not answer' })).toBeVisible()
        await expect(page.getByText('Your skies will show when it does.')).toBeVisible()
      },
      recovered: async () => {
        await expect(page.getByRole('article', { name: `Night sky #${skyId}` })).toBeVisible({ timeout: 1000 })
      },
    })
    await survive(page, endpoints, pageErrors, 'down', {
      open: () => page.goto('/compose'),
      readable: async () => {
        await expect(page.getByRole('heading', { name: 'The chain did not answer' })).toBeVisible()
        await expect(page.getByText('Your skies will show when it does.')).toBeVisible()
      },
      recovered: async () => {
        await expect(page.getByRole('link', { name: `Compose night sky #${skyId}` })).toBeVisible({ timeout: 1000 })
      },
    })
    await survive(page, endpoints, pageErrors, 'down', {
      open: () => page.goto(`/compose/${skyId}`),
      readable: async () => {
        await expect(page.getByRole('heading', { name: 'The chain did not answer' })).toBeVisible()
        await expect(page.getByText('This sky will show when it does.')).toBeVisible()
      },
      recovered: async () => {
        await expect(
          page.getByRole('img', { name: `Preview of night sky #${skyId} with these decorations` }),
        ).toBeVisible({ timeout: 1000 })
      },
    })
  })
})
