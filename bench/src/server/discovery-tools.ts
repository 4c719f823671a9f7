import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { chainellationAbi } from '@chainellation/contracts'
import { freePort } from '@chainellation/contracts/anvil'
import { players, READS } from '@chainellation/indexer/seed'
import { machineBusySeconds, procStats, statusMb } from '@chainellation/scripts/proc'
import { descendants } from '@chainellation/scripts/processes'
import { startOne } from '@chainellation/scripts/runner'
import { serverDir } from '@chainellation/server/paths'
import autocannon from 'autocannon'
import { createTestClient, encodeFunctionData, type Hex, http, numberToHex } from 'viem'
import { foundry } from 'viem/chains'
import type { QueryFigures } from '../results/report-types'

/** Clients reading at once, and the reads of each kind, unless a bench asks for others. */
export const CLIENTS = 20
export const REQUESTS = 2000
/** How often `keepMinting` mints a sky. */
export const BLOCK_EVERY_MS = 2000

export const round = (n: number) => Math.round(n * 10) / 10

/** Sum of the resident memory of `pid` and its descendants: `VmRSS` now, or `VmHWM`, the most held. */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  return [pid, ...descendants(pid)].reduce((sum, p) => sum + (statusMb(p, field) ?? 0), 0)
}

/** Every process's CPU time so far (user and system, in seconds) and its command. */
const processCpu = () => new Map(procStats().map(({ pid, comm, cpuSeconds }) => [pid, { comm, seconds: cpuSeconds }]))

/**
 * Where the machine's CPU went between `cpuWatch`'s call and `done()`'s, in cores (CPU seconds a second): each of
 * `groups`' processes and their descendants, the processes named in `byName` (Postgres's backends, anvil), this
 * process (the load: autocannon's connections run in it), and the machine as a whole. A process that started or ended
 * in between counts for the part it ran while both readings saw it.
 */
export function cpuWatch(groups: Record<string, number | undefined>, byName: Record<string, string> = {}) {
  const classify = () => {
    const owner = new Map<number, string>()
    for (const [name, pid] of Object.entries(groups)) {
      if (pid === undefined) continue
      for (const p of [pid, ...descendants(pid)]) owner.set(p, name)
    }
    owner.set(process.pid, 'load')
    return owner
  }
  const before = processCpu()
  const busyBefore = machineBusySeconds()
  const started = performance.now()
  return {
    done: (): Record<string, number> => {
      const seconds = (performance.now() - started) / 1000
      const after = processCpu()
      const owner = classify()
      const cores: Record<string, number> = { machine: (machineBusySeconds() - busyBefore) / seconds }
      for (const [pid, { comm, seconds: now }] of after) {
        const then = before.get(pid)
        if (!then || then.comm !== comm) continue
        const name = owner.get(pid) ?? byName[comm]
        if (name) cores[name] = (cores[name] ?? 0) + (now - then.seconds) / seconds
      }
      return Object.fromEntries(Object.entries(cores).map(([name, c]) => [name, Math.round(c * 100) / 100]))
    },
  }
}

/**
 * The indexer's memory over its run, read every 250 ms from its spawn: `peakMb(after)` is the most it held from time
 * `after` on (ms since the epoch), `startupPeakMb()` the most any of its processes ever held (VmHWM).
 */
export function memoryWatch() {
  const samples: { at: number; mb: number }[] = []
  let pid: number | undefined
  const timer = setInterval(() => {
    if (pid !== undefined) samples.push({ at: Date.now(), mb: memoryMb(pid, 'VmRSS') })
  }, 250).unref()
  return {
    watch: (spawned: number) => {
      pid = spawned
    },
    peakMb: (after: number) => Math.max(0, ...samples.filter((s) => s.at >= after).map((s) => s.mb)),
    startupPeakMb: () => (pid === undefined ? 0 : memoryMb(pid, 'VmHWM')),
    stop: () => clearInterval(timer),
  }
}

/** When Ponder said its database was open (its JSON log's `time`): PGlite has created or opened its folder by then. */
export function databaseOpenedAt(output: string[]): number {
  for (const line of output) {
    try {
      const entry = JSON.parse(line) as { msg?: string; time?: number }
      if (entry.msg === 'Connected to database' && entry.time) return entry.time
    } catch {}
  }
  throw new Error('the indexer never said its database was open')
}

/** The app's API (as `npm start` runs it) in front of `indexerUrl`. */
export async function startApi(
  indexerUrl: string,
  rpcUrl: string,
): Promise<{ url: string; pid: number | undefined; stop: () => Promise<void> }> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'chainellation-bench-api-'))
  const url = `http://127.0.0.1:${port}`
  const env = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    CHAIN_ID: '31337',
    LOCAL_RPC_URL: rpcUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    INDEXER_URL: indexerUrl,
    // Twenty clients from one address: the per-client limit would refuse the bench, not the load.
    SKY_READ_RATE_LIMIT: '1000000',
    // A line per request would be kept here by the thousand, and cost the timed reads their writing.
    LOG_LEVEL: 'warn',
  }
  const api = await startOne(
    'the API',
    { args: ['--import', 'tsx', 'src/index.ts'], cwd: serverDir, env },
    `${url}/api/health`,
    {
      cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
    },
  )
  return { url, ...api }
}

/** Reads each client makes before the counted ones: connections opened, the API's code compiled, its cache filled. */
export const WARMUP_READS_PER_CLIENT = 5

/**
 * `count` reads made by `clients` clients, each sending its next as soon as its last is answered: the 95th percentile
 * of their times, and how many were answered a second. With every client always waiting, a read waits for the others
 * in flight: its time is about `clients` divided by the reads a second the machine answers.
 *
 * The first {@link WARMUP_READS_PER_CLIENT} reads of each client are made first and not counted. Counted from the
 * first, 2,000 reads by 100 clients lasted under half a second, and the first reads weighed on their 95th percentile:
 * the hundred sent at once on a hundred new connections to an API that had answered nothing yet
 * (docs/decisions/indexer.md, "Counted after the first wave").
 *
 * The clients are autocannon's connections, as in the production bench: the load comes from the machine it measures,
 * and Node's fetch spent 0.7–1.1 ms of CPU on each read there (2,000 reads at 100 clients, the API on PGlite in front
 * of the indexer on Postgres), as much as the API it loaded; autocannon spends 0.2 ms. `watch`, when given, is started
 * as the counted reads begin and ended with the last of them (`cpuWatch`).
 */
export async function readLoad<T = undefined>(
  base: string,
  read: (i: number) => string,
  clients = CLIENTS,
  count = REQUESTS,
  watch?: () => { done: () => T },
): Promise<{ p95Ms: number; perSecond: number; watched?: T }> {
  const warmup = clients * WARMUP_READS_PER_CLIENT
  const times: number[] = []
  let next = 0
  let answered = 0
  let counting = performance.now()
  let lastAnswer = counting
  let watching: { done: () => T } | undefined = warmup === 0 ? watch?.() : undefined
  let watched: T | undefined
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const { origin, pathname } = new URL(base)
    const prefix = pathname.replace(/\/$/, '')
    const instance = autocannon(
      {
        url: origin,
        connections: clients,
        amount: warmup + count,
        // Each read its own path under `base`'s, in the order `read` numbers them.
        requests: [{ setupRequest: (request) => ({ ...request, path: `${prefix}${read(next++)}` }) }],
      },
      (error: unknown, done) => (error ? reject(error) : resolve(done)),
    )
    instance.on('response', (_client, _status, _bytes, ms) => {
      answered++
      if (answered <= warmup) {
        if (answered === warmup) {
          counting = performance.now()
          watching = watch?.()
        }
        return
      }
      times.push(ms)
      lastAnswer = performance.now()
      if (times.length === count) watched = watching?.done()
    })
  })
  const refused = Object.entries(result.statusCodeStats ?? {}).filter(([status]) => status !== '200')
  if (result.errors || result.timeouts || refused.length) {
    throw new Error(
      `reads failed: ${result.errors} errors, ${result.timeouts} timeouts, answers ${JSON.stringify(Object.fromEntries(refused))}`,
    )
  }
  // From the first counted read to the last answer: autocannon itself ends on its next one-second tick.
  const seconds = (lastAnswer - counting) / 1000
  times.sort((a, b) => a - b)
  return {
    p95Ms: round(times[Math.floor(times.length * 0.95)] ?? 0),
    perSecond: Math.round(times.length / seconds),
    watched,
  }
}

/** The 95th percentile of `readLoad`'s times. */
export async function p95(base: string, read: (i: number) => string, clients = CLIENTS, count = REQUESTS) {
  return (await readLoad(base, read, clients, count)).p95Ms
}

/** The API's discovery routes, under the API at `apiUrl`: where `readLoad` and `queries` read through the API. */
export const discoveryBase = (apiUrl: string) => `${apiUrl}/api/discovery`

/** The three kinds of read, at `base`: the API's discovery routes ({@link discoveryBase}), or the indexer's own. */
export async function queries(base: string, clients = CLIENTS, count = REQUESTS): Promise<QueryFigures> {
  return {
    galleryP95Ms: await p95(base, READS.gallery, clients, count),
    filterP95Ms: await p95(base, READS.filter, clients, count),
    activityP95Ms: await p95(base, READS.activity, clients, count),
  }
}

/** Mints a sky from a player every `BLOCK_EVERY_MS` until stopped: a new block, and a new event, at a steady pace. */
export function keepMinting(rpcUrl: string, chainellation: Hex) {
  const client = createTestClient({ mode: 'anvil', chain: foundry, transport: http(rpcUrl) })
  let running = true
  const done = (async () => {
    for (let i = 0; running; i++) {
      await client.request({
        method: 'eth_sendTransaction',
        params: [
          {
            from: players[i % players.length],
            to: chainellation,
            data: encodeFunctionData({ abi: chainellationAbi, functionName: 'mint', args: [0] }),
            gas: numberToHex(120_000n),
          },
        ],
      } as never)
      await sleep(BLOCK_EVERY_MS)
    }
  })()
  return async () => {
    running = false
    await done
  }
}

export { sleep }
