// A wallet new to the game on /mint, to its minted sky: the wallet prompts on the way, the ether it spends, and the
// time from the press on Mint to the sky shown, with the game paying the gas and with the wallet paying it, each beside
// the same mint sent with no page around it (first-sky-floor.ts).
import { TEST_WALLET_INFO, TestWallet } from '@chainellation/e2e/test-wallet'
import type { Stack } from '@chainellation/scripts/stack'
import type { Browser } from '@playwright/test'
import { createPublicClient, createTestClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { floorSponsored, floorUnsponsored } from './first-sky-floor'
import { KEEP_NAMES_SHIM, type Stats, stats } from './support'

/** Wallet requests a wallet shows its person (EIP-1193 and its extensions); reads it answers on its own. */
const PROMPTING = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
])
export const TARGET_FIRST_SKY_PROMPTS = 2

/** A wallet new to the game, from landing on /mint to its minted sky. */
export type FirstSkyFigures = {
  /** Requests that open a prompt in a person's wallet, the game paying the gas. */
  prompts: number
  methods: string[]
  target: number
  /** The most ether a wallet that started with none spent on its first sky, the game paying the gas. */
  etherNeeded: number
  /** From the press on Mint to the minted sky shown, the game paying the gas and the wallet paying it. */
  pressToSkyMs: { sponsored: Stats; unsponsored: Stats }
  /** The same mints from this process, with no page around them, taken in turn with the page's (first-sky-floor.ts). */
  floorMs?: { sponsored: Stats; unsponsored: Stats }
}

const PAYS_OWN_GAS_KEY = 'chainellation.pays-own-gas'
/** Mints per way of paying; the two ways take turns. */
const FIRST_SKY_RUNS = 5
const ONE_ETHER = 10n ** 18n

type FirstSkyRun = { methods: string[]; etherSpent: number; pressToSkyMs: number }

type PressWindow = { __firstSky: { pressMs: number | null; skyMs: number | null } }

/**
 * Installed in the page just before the press: when the press came (the pointerdown's own time stamp) and the first
 * frame in which the "is yours" heading is drawn, both on the page's clock (in steps of 0.1 ms or so, coarsened as the
 * page is not cross-origin isolated). Timed from this process, a wait for the heading is asked again at Playwright's
 * growing intervals (up to 500 ms apart once it has waited most of a second), and the figure was that step's, not the
 * page's: three presses in a row came to 907, 966 and 980 ms with the heading in the page 600–700 ms after the press.
 */
function watchPressToSky() {
  const watch = { pressMs: null as number | null, skyMs: null as number | null }
  ;(window as unknown as PressWindow).__firstSky = watch
  addEventListener(
    'pointerdown',
    (event) => {
      watch.pressMs ??= event.timeStamp
    },
    true,
  )
  const frame = () => {
    const heading = document.getElementById('minted-title')
    const drawn = heading && /^Night sky #\d+ is yours$/.test(heading.textContent ?? '') && heading.checkVisibility()
    if (drawn && heading.getBoundingClientRect().width > 0) watch.skyMs = performance.now()
    else requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

/**
 * A new wallet (a fresh browser and key) lands on /mint, connects and mints its first sky. Sponsored, it holds no
 * ether and the game's relayer pays the gas; else it holds one ether, chooses to pay the gas itself ("Pay the gas
 * myself", remembered in the browser) and sends the transaction. The press to the sky is timed in the page, from the
 * press to the first frame with the "is yours" heading ({@link watchPressToSky}).
 */
async function firstSky(browser: Browser, stack: Stack, sponsored: boolean): Promise<FirstSkyRun> {
  const key = generatePrivateKey()
  const address = privateKeyToAddress(key)
  const chain = createTestClient({ mode: 'anvil', transport: http(stack.rpcUrl) })
  await chain.setBalance({ address, value: sponsored ? 0n : ONE_ETHER })
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: stack.webUrl })
  try {
    const page = await context.newPage()
    // Before the wallet's script, which needs it.
    await page.addInitScript(KEEP_NAMES_SHIM)
    if (!sponsored) await page.addInitScript((k) => localStorage.setItem(k, '1'), PAYS_OWN_GAS_KEY)
    const wallet = await new TestWallet({
      rpcUrl: stack.rpcUrl,
      localChainId: stack.chainId,
      account: address,
      privateKeys: [key],
      signsTransactions: true,
    }).install(page)
    await page.goto('/mint')
    await page.getByRole('button', { name: 'Connect wallet to mint' }).click()
    await page.getByRole('dialog').getByTestId(`rk-wallet-option-${TEST_WALLET_INFO.rdns}`).click()
    const mint = page.getByRole('button', { name: sponsored ? /^Mint: free/ : /^Mint for / })
    await mint.waitFor()
    await page.evaluate(watchPressToSky)
    await mint.click({ timeout: 30_000 })
    const watched = await page.waitForFunction(
      () => {
        const { pressMs, skyMs } = (window as unknown as PressWindow).__firstSky
        return pressMs !== null && skyMs !== null ? { ms: skyMs - pressMs } : false
      },
      undefined,
      { timeout: 60_000 },
    )
    const { ms: pressToSkyMs } = (await watched.jsonValue()) as { ms: number }
    const left = await createPublicClient({ transport: http(stack.rpcUrl) }).getBalance({ address })
    const spent = (sponsored ? 0n : ONE_ETHER) - left
    return {
      methods: wallet.methods.filter((method) => PROMPTING.has(method)),
      etherSpent: Number(spent) / Number(ONE_ETHER),
      pressToSkyMs,
    }
  } finally {
    await context.close()
  }
}

export async function measureFirstSky(browser: Browser, stack: Stack): Promise<FirstSkyFigures> {
  const sponsored: FirstSkyRun[] = []
  const unsponsored: FirstSkyRun[] = []
  const floor: { sponsored: number[]; unsponsored: number[] } = { sponsored: [], unsponsored: [] }
  for (let i = 0; i < FIRST_SKY_RUNS; i++) {
    sponsored.push(await firstSky(browser, stack, true))
    floor.sponsored.push(await floorSponsored(stack))
    unsponsored.push(await firstSky(browser, stack, false))
    floor.unsponsored.push(await floorUnsponsored(stack))
  }
  const [first] = sponsored
  if (!first) throw new Error('no first sky measured')
  return {
    prompts: first.methods.length,
    methods: first.methods,
    target: TARGET_FIRST_SKY_PROMPTS,
    etherNeeded: Math.max(...sponsored.map((r) => r.etherSpent)),
    pressToSkyMs: {
      sponsored: stats(sponsored.map((r) => r.pressToSkyMs)),
      unsponsored: stats(unsponsored.map((r) => r.pressToSkyMs)),
    },
    floorMs: { sponsored: stats(floor.sponsored), unsponsored: stats(floor.unsponsored) },
  }
}
