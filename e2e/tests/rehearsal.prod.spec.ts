import { procCommandLine } from '@chainellation/scripts/proc'
import { type Rehearsal, startRehearsal } from '@chainellation/scripts/rehearsal'
import { type BrowserContext, test as base, type Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { connectTestWallet, mintedEntry } from '../support/app'
import { expect } from '../support/fixtures'
import { TestWallet } from '../support/test-wallet'

const test = base
test.describe.configure({ mode: 'serial' })

/** A time zone where it is now well into the night (20:00–03:59), so a new sky may be gazed at at once. */
function nightZone(now = new Date()): string {
  const zones = [
    'Pacific/Kiritimati',
    'Pacific/Auckland',
    'Asia/Tokyo',
    'Asia/Shanghai',
    'Asia/Kolkata',
    'Asia/Dubai',
    'Europe/Moscow',
    'Europe/Berlin',
    'Europe/London',
    'Atlantic/Azores',
    'America/Sao_Paulo',
    'America/New_York',
    'America/Chicago',
    'America/Denver',
    'America/Los_Angeles',
    'Pacific/Honolulu',
  ]
  const hourIn = (timeZone: string) =>
    Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now))
  const zone = zones.find((z) => hourIn(z) >= 20 || hourIn(z) < 4)
  if (!zone) throw new Error('no listed time zone is at night now')
  return zone
}

const playerKey = generatePrivateKey()
const player = privateKeyToAccount(playerKey).address
let rehearsal: Rehearsal
let context: BrowserContext
let page: Page
let wallet: TestWallet

test.beforeAll(async ({ browser }, info) => {
  // Postgres, the chain, the Sepolia deploy, two builds and five processes: about a minute on two busy cores.
  info.setTimeout(240_000)
  rehearsal = await startRehearsal({
    blockSeconds: 2,
    funded: [player],
    log: (source, line) => {
      if (source === 'rehearsal') process.stdout.write(`[rehearsal] ${line}\n`)
    },
  })
  context = await browser.newContext({
    baseURL: rehearsal.url,
    timezoneId: nightZone(),
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  })
  page = await context.newPage()
  wallet = new TestWallet({
    rpcUrl: rehearsal.provider.urlFor('wallet'),
    localChainId: rehearsal.chainId,
    chainId: rehearsal.chainId,
    account: player,
    privateKeys: [playerKey],
    signsTransactions: true,
    retriesProviderFailures: true,
  })
  await wallet.install(page)
})

test.afterAll(async () => {
  await context?.close()
  await rehearsal?.stop()
})

test('nginx gives every request an id the API answers with, and spreads requests over both API processes', async () => {
  /** Each API process's count of answered health checks, from its own metrics. */
  const healthChecks = () =>
    Promise.all(
      rehearsal.apis.map(async (api) => {
        const text = await (await fetch(api.metricsUrl)).text()
        return text
          .split('\n')
          .filter((line) => line.startsWith('http_requests_total{') && line.includes('route="/api/health"'))
          .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0)
      }),
    )
  const before = await healthChecks()
  const ids = new Set<string>()
  for (let i = 0; i < 20; i++) {
    const answer = await fetch(`${rehearsal.url}/api/health`, { headers: { 'x-request-id': 'chosen-by-the-client' } })
    expect(answer.status).toBe(200)
    // nginx's own id ($request_id), not the client's: the access log and the API's log name the request alike.
    ids.add(answer.headers.get('x-request-id') ?? '')
  }
  expect([...ids].every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true)
  expect(ids.size).toBe(20)
  const after = await healthChecks()
  const served = after.map((count, i) => count - (before[i] ?? 0))
  expect(
    served.every((count) => count >= 5),
    `health checks answered by each process: ${served}`,
  ).toBe(true)
})

test('a player mints, gazes and dresses a sky, and finds it in the gallery, the feed and a share card', async () => {
  test.setTimeout(180_000)
  await page.goto('/mint')
  await connectTestWallet(page, wallet)

  // The mint, pending through real blocks until the chain has it. A block every 2 s can land it between two polls of
  // an assertion, so the page is watched every frame from before the press for the pending button.
  const pending = page.waitForFunction(
    () => [...document.querySelectorAll('button')].some((button) => button.textContent?.includes('Minting…')),
    undefined,
    { polling: 'raf' },
  )
  await page.getByRole('button', { name: /^Mint/ }).click()
  await pending
  const title = page.getByRole('heading', { name: /^Night sky #\d+ is yours$/ })
  await expect(title).toBeVisible({ timeout: 30_000 })
  const skyId = BigInt((await title.textContent())?.match(/#(\d+)/)?.[1] ?? 0)
  expect(wallet.methods).not.toContain('eth_sign')

  // A gaze: night where the sky lives, and it has never been gazed at.
  await page.goto('/stargaze')
  const card = page.getByRole('article', { name: `Night sky #${skyId}` })
  await expect(card.getByText('Ready to gaze')).toBeVisible({ timeout: 30_000 })
  await card.getByRole('button', { name: 'Gaze' }).click()
  await expect(card.getByText(/^1 \/ \d+$/)).toBeVisible({ timeout: 30_000 })

  // Dressing it: one free decoration, applied in one transaction.
  await page.goto(`/compose/${skyId}`)
  await page
    .getByRole('group', { name: /^Silhouette/ })
    .getByRole('radio', { name: /Rolling Hills/ })
    .check()
  await page.getByRole('button', { name: 'Apply 1 change' }).click()
  await expect(page.getByRole('button', { name: 'Applied' })).toBeVisible({ timeout: 30_000 })

  // The indexer's reader serves the gallery and the feed through the API.
  await page.goto('/stargaze?view=everyone')
  await expect(page.getByRole('article', { name: `Night sky #${skyId}` })).toBeVisible({ timeout: 30_000 })
  await page.goto('/activity')
  await expect(mintedEntry(page.getByRole('list', { name: 'Latest events' }), skyId)).toBeVisible({ timeout: 30_000 })

  // Its page previews with a card the API draws from the chain.
  await page.goto(`/sky/${skyId}`)
  const cardUrl = await page.locator('meta[property="og:image"]').getAttribute('content')
  expect(cardUrl).toContain(`/api/skies/${rehearsal.chainId}/${skyId}/card.png`)
  const png = await page.request.get(new URL(cardUrl ?? '', rehearsal.url).pathname)
  expect(png.status()).toBe(200)
  expect(png.headers()['content-type']).toBe('image/png')

  // The production processes run built JavaScript under plain node: no TypeScript loader on their command lines.
  for (const service of [...rehearsal.apis, rehearsal.writer, rehearsal.reader]) {
    const cmdline = procCommandLine(service.pid() ?? 0)
    expect(cmdline).not.toMatch(/tsx|ts-node|--loader|--experimental-strip-types/)
  }
  expect(procCommandLine(rehearsal.apis[0]?.pid() ?? 0)).toMatch(/index\.js/)

  // Every piece of it went through the provider, never the chain's own node.
  const calls = rehearsal.provider.stats().calls
  for (const key of ['web', 'api', 'indexer', 'wallet']) expect(calls[key] ?? 0, key).toBeGreaterThan(0)
})
