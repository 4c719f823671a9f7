import { test as base, expect, type Page } from '@playwright/test'
import { readStackInfo, type StackInfo } from './stack-env'
import { ANVIL_ACCOUNTS, TestWallet, type TestWalletOptions } from './test-wallet'

type Fixtures = {
  stack: StackInfo
  /** Sends one JSON-RPC call to the stack's anvil and returns its result. */
  rpc: (method: string, params: unknown[]) => Promise<unknown>
  /** How the `wallet` fixture's wallet starts; override with `test.use({ walletOptions: … })`. */
  walletOptions: Omit<TestWalletOptions, 'rpcUrl'>
  /** The test wallet, injected into `page` before its first navigation. */
  wallet: TestWallet
}

/**
 * The CPU slowdown `npm run test:repeat -- --slowdown N` asks for (support/repeat.ts): every page of every context
 * runs N times slower, as on a phone or a busy machine, where a race in a test or the app shows itself sooner.
 */
const CPU_SLOWDOWN = Number(process.env.E2E_CPU_SLOWDOWN || 1)

export const test = base.extend<Fixtures>({
  context: async ({ context }, use) => {
    if (CPU_SLOWDOWN > 1) {
      const slow = async (page: Page) => {
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
      }
      for (const page of context.pages()) await slow(page)
      context.on('page', (page) => void slow(page).catch(() => {}))
    }
    await use(context)
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

export { expect }
