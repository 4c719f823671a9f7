import { emulateSuitePreferences, type SuitePreferences } from '@chainellation/scripts/chromium'
import { test as base, expect, type Page } from '@playwright/test'
import { readStackInfo, type StackInfo } from './stack-env'
import { ANVIL_ACCOUNTS, TestWallet, type TestWalletOptions } from './test-wallet'

type Fixtures = {
  /** `prefers-reduced-transparency`, as `reducedMotion` is for motion: `'reduce'` unless a test asks otherwise. */
  reducedTransparency: SuitePreferences['reducedTransparency']
  stack: StackInfo
  /** Sends one JSON-RPC call to the stack's anvil and returns its result. */
  rpc: (method: string, params: unknown[]) => Promise<unknown>
  /** How the `wallet` fixture's wallet starts; override with `test.use({ walletOptions: … })`. */
  walletOptions: Omit<TestWalletOptions, 'rpcUrl'>
  /** The test wallet, injected into `page` before its first navigation. */
  wallet: TestWallet
  /**
   * Whether the player has chosen to pay their own gas, as the page remembers it: `true` unless a test asks
   * otherwise. The local stack's game pays the gas of ordinary wallets' free writes (docs/decisions/sponsored-
   * writes.md), signed as a request and sent by its relayer; the specs of the wallet's own transactions (their
   * faults, speed-ups, reloads) send them from the wallet, and `sponsored.spec.ts` plays the relayed path.
   */
  paysOwnGas: boolean
}

/**
 * The CPU slowdown `npm run test:repeat -- --slowdown N` asks for (support/repeat.ts): every page of every context
 * runs N times slower, as on a phone or a busy machine, where a race in a test or the app shows itself sooner.
 */
const CPU_SLOWDOWN = Number(process.env.E2E_CPU_SLOWDOWN || 1)

/**
 * Prepares a page as the suite runs it: the media preferences of `emulateSuitePreferences` (less transparency unless
 * a test asks otherwise; a test that asks for `reducedTransparency: 'no-preference'` gets the blur, as
 * `transparency.desktop.spec.ts` checks), and the slowdown of a repeated run.
 */
async function prepare(
  page: Page,
  reducedTransparency: SuitePreferences['reducedTransparency'],
  reducedMotion: string,
) {
  const cdp = await page.context().newCDPSession(page)
  if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  await emulateSuitePreferences(cdp, { reducedTransparency, reducedMotion })
}

export const test = base.extend<Fixtures>({
  reducedTransparency: ['reduce', { option: true }],
  paysOwnGas: [true, { option: true }],
  context: async ({ context, reducedTransparency, reducedMotion, paysOwnGas }, use) => {
    // Before the app reads it, on every page of the context; the key is web/src/lib/wallet/write/gas-choice.ts's.
    // Not in a document without storage of its own (the blank page a new tab starts on), where it would throw.
    if (paysOwnGas)
      await context.addInitScript(() => origin !== 'null' && localStorage.setItem('chainellation.pays-own-gas', '1'))
    // Pages the test opens itself (popups, a second tab); the test's `page` is prepared before the test starts.
    context.on('page', (page) => void prepare(page, reducedTransparency, reducedMotion ?? '').catch(() => {}))
    await use(context)
  },
  page: async ({ page, reducedTransparency, reducedMotion }, use) => {
    await prepare(page, reducedTransparency, reducedMotion ?? '')
    await use(page)
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  stack: async ({}, use) => {
    await use(readStackInfo())
  },
  baseURL: async ({ stack }, use) => {
    await use(stack.webUrl)
  },
  rpc: async ({ request, stack }, use) => {
    let id = 0
    await use(async (method, params) => {
      const res = await request.post(stack.rpcUrl, { data: { jsonrpc: '2.0', id: ++id, method, params } })
      expect(res.ok(), `${method} answered ${res.status()}`).toBe(true)
      const body = (await res.json()) as { result?: unknown; error?: { message: string } }
      if (body.error) throw new Error(`${method}: ${body.error.message}`)
      return body.result
    })
  },
  walletOptions: [{}, { option: true }],
  wallet: async ({ page, stack, walletOptions }, use, testInfo) => {
    // Tests running side by side act for different accounts, so one's nonce or session never meets another's.
    const account = ANVIL_ACCOUNTS[testInfo.parallelIndex % ANVIL_ACCOUNTS.length]
    const wallet = new TestWallet({ rpcUrl: stack.rpcUrl, localChainId: stack.chainId, account, ...walletOptions })
    await use(await wallet.install(page))
  },
})

/**
 * For a test, in a spec that runs at both widths, of what the phone's width does not change: a fault's words, a
 * reload, a page not found. The mobile project leaves it out (playwright.config.ts), as it leaves out the specs of the
 * wallet's and the chain's faults; the desktop project runs it.
 */
export const ANY_WIDTH = { tag: '@any-width' }

export { expect }
