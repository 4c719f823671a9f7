import { cpus, loadavg } from 'node:os'
import { freePort } from '@chainellation/contracts/anvil'
import { CHROMIUM_FLAGS, chromiumPath } from '@chainellation/scripts/chromium'
import { type Stack, startStack } from '@chainellation/scripts/stack'
import { type Browser, chromium } from '@playwright/test'
import { percentile } from '../units'

/** What the figures were taken on: a busy or small machine shows in them. */
export type Machine = {
  cpus: number
  cpuModel: string
  chromium: string
  node: string
  /** Load averages as the measurement began: other work on the machine shows here. */
  loadAverage: { '1m': number; '5m': number; '15m': number }
}

export function machineOf(browser: Browser): Machine {
  const [m1 = 0, m5 = 0, m15 = 0] = loadavg().map((l) => Math.round(l * 100) / 100)
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    chromium: browser.version(),
    node: process.version,
    loadAverage: { '1m': m1, '5m': m5, '15m': m15 },
  }
}

/** The machine in one line, for a report's heading. */
export const describeMachine = (m: Machine) =>
  `${m.cpus} CPUs (${m.cpuModel}), load average ${Object.values(m.loadAverage).join(' / ')} as it began`

/** The JSON-RPC methods in a request body, one per call of a batch. */
export function rpcMethods(body: string | null): string[] {
  try {
    const parsed = JSON.parse(body ?? '') as { method?: string } | { method?: string }[]
    return (Array.isArray(parsed) ? parsed : [parsed]).map((m) => m.method ?? '?')
  } catch {
    return ['?']
  }
}

/** tsx compiles with esbuild's keepNames, whose `__name` helper would travel into the page with evaluated functions. */
export const KEEP_NAMES_SHIM = 'globalThis.__name = (f) => f'

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>()
  while (ports.size < count) ports.add(await freePort())
  return [...ports]
}

/**
 * Runs `measure` against the real stack (production build, served by the API) and headless Chromium, and stops
 * both whatever happens.
 */
export async function withStackAndBrowser(measure: (stack: Stack, browser: Browser) => Promise<void>) {
  const [anvilPort = 0, apiPort = 0, webPort = 0] = await distinctFreePorts(3)
  const stack = await startStack({
    anvilPort,
    apiPort,
    webPort,
    mode: 'production',
    log: (source, line) => {
      if (source === 'stack') process.stdout.write(`[stack] ${line}\n`)
    },
  })
  let browser: Browser | undefined
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: CHROMIUM_FLAGS,
    })
    await measure(stack, browser)
  } finally {
    await browser?.close()
    await stack.stop()
  }
}

export type Stats = { samples: number; medianMs: number; p95Ms: number; minMs: number; maxMs: number }

const round = (ms: number) => Math.round(ms * 100) / 100

export function stats(values: number[]): Stats {
  const sorted = values.map(round).sort((a, b) => a - b)
  return {
    samples: sorted.length,
    medianMs: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    minMs: sorted[0] ?? NaN,
    maxMs: sorted.at(-1) ?? NaN,
  }
}

/** Every trait chosen and the constellation shown whole, so that each step below must change the preview. */
