import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CHAOS_REPORT_DIR, type ChaosRow, writeChaosReport } from '@chainellation/scripts/chaos'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import type { Rpc } from './chain'
import { test as base } from './fixtures'
import type { Address, TestWallet } from './test-wallet'

/** The report `npm run chaos` expects from the wallet and transaction fault specs. */
export const WALLET_FAULT_REPORT = 'e2e-faults-wallet.json'
/** Each test's counts, kept beside the reports in a folder, which the report reader passes over. */
const PARTS = 'e2e-faults-wallet.parts'
/** Held while one worker adds its counts and rewrites the report, so the last to finish writes them all. */
const LOCK = 'e2e-faults-wallet.lock'

/** The faults one test put in the app's way: those it injected itself, and those its wallet delivered. */
export class FaultTally {
  private readonly counts = new Map<string, number>()
  private readonly wallets = new Set<TestWallet>()

  /** Counts `n` more of `fault`, injected by the test (on the chain, or by leaving the page). */
  add(fault: string, n = 1): void {
    this.counts.set(fault, (this.counts.get(fault) ?? 0) + n)
  }

  /** Counts whatever faults `wallet` delivers to the page. */
  watch(wallet: TestWallet): void {
    this.wallets.add(wallet)
  }

  get total(): Map<string, number> {
    const total = new Map(this.counts)
    for (const wallet of this.wallets)
      for (const [fault, n] of wallet.faults) total.set(fault, (total.get(fault) ?? 0) + n)
    return total
  }
}

type Part = { title: string; passed: boolean; faults: Record<string, number> }

/**
 * `test` with a fault tally: when a test ends, its faults are kept, as survived if it passed (its assertions are what
 * surviving means), and the report is written again from every test's so far. Workers run side by side, so the last
 * to finish writes the whole. Nothing is kept outside `npm run chaos` (no CHAOS_REPORT_DIR).
 */
export const test = base.extend<{ tally: FaultTally }>({
  tally: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      const tally = new FaultTally()
      await use(tally)
      const dir = process.env[CHAOS_REPORT_DIR]
      if (!dir) return
      const part: Part = {
        title: `${testInfo.project.name} › ${testInfo.titlePath.join(' › ')}`,
        passed: testInfo.status === testInfo.expectedStatus,
        faults: Object.fromEntries(tally.total),
      }
      withLock(join(dir, LOCK), () => {
        mkdirSync(join(dir, PARTS), { recursive: true })
        const file = join(dir, PARTS, `${testInfo.testId}-${testInfo.retry}.json`)
        writeFileSync(`${file}.tmp`, JSON.stringify(part))
        renameSync(`${file}.tmp`, file)
        writeWalletFaultReport(dir)
      })
    },
    { auto: true },
  ],
  wallet: async ({ wallet, tally }, use) => {
    tally.watch(wallet)
    await use(wallet)
  },
})

export { expect } from './fixtures'

/** Runs `body` holding the lock folder `lock` (made atomically); one left by a crashed worker is taken after 10 s. */
function withLock(lock: string, body: () => void) {
  const deadline = Date.now() + 10_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      if (Date.now() > deadline) break
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20)
    }
  }
  try {
    body()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** `e2e-faults-wallet.json` from every test's counts so far: per fault, injected / survived; then the totals. */
function writeWalletFaultReport(dir: string) {
  const folder = join(dir, PARTS)
  const parts = readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as Part)
  const byFault = new Map<string, { injected: number; survived: number }>()
  for (const part of parts) {
    for (const [fault, n] of Object.entries(part.faults)) {
      const row = byFault.get(fault) ?? { injected: 0, survived: 0 }
      row.injected += n
      if (part.passed) row.survived += n
      byFault.set(fault, row)
    }
  }
  const rows: ChaosRow[] = [...byFault]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([fault, { injected, survived }]) => ({
      measure: `${fault} injected / survived`,
      value: `${injected} / ${survived}`,
      expected: `${injected} / ${injected}`,
    }))
  const injected = [...byFault.values()].reduce((sum, r) => sum + r.injected, 0)
  const survived = [...byFault.values()].reduce((sum, r) => sum + r.survived, 0)
  rows.push(
    { measure: 'faults injected', value: injected },
    { measure: 'faults survived', value: survived, expected: injected },
    { measure: 'fault tests passed', value: parts.filter((p) => p.passed).length, expected: parts.length },
  )
  writeChaosReport(WALLET_FAULT_REPORT, { section: 'Wallet and transaction faults (browser)', rows })
}

/**
 * A fresh account no other test touches, with 100 ETH: anvil sends its transactions (it impersonates it) and the
 * test wallet, given its key, signs its messages.
 */
export async function freshAccount(rpc: Rpc): Promise<{ address: Address; privateKey: `0x${string}` }> {
  const privateKey = generatePrivateKey()
  const address = privateKeyToAddress(privateKey)
  await rpc('anvil_setBalance', [address, '0x56bc75e2d63100000'])
  await rpc('anvil_impersonateAccount', [address])
  return { address, privateKey }
}
