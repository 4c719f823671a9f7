// `npm run reminders -w @chainellation/bench`: the reminders' schedule as production runs it. Two API processes (the bundle,
// under plain node with production's memory flags) on one Postgres, a local chain whose clock is brought to just
// before dusk, an index stand-in that says every sky is its owner's and not gazed, and a push service stand-in
// (server/test/push-service.ts). Every sky's night begins in the same second; figures from the night's start to the
// push service receiving each reminder. Then the floor, in the same run: the same sends from two processes that do
// only them (reminders-floor.ts), timed from their start. Writes bench/reports/reminders.json.
//
// `-- --drill`: the same with fewer skies, the first API process SIGKILLed once a quarter of them are sent, and not
// started again: the other finds the dead one's jobs and finishes them. Writes bench/reports/reminders-drill.json.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { startAnvil } from '@chainellation/contracts/anvil'
import { createPostgresCluster } from '@chainellation/scripts/postgres'
import { statusMb } from '@chainellation/scripts/proc'
import { buildServer } from '@chainellation/server/build'
import { openDatabase } from '@chainellation/server/db'
import { serverDir } from '@chainellation/server/paths'
import { pushBrowser, startPushService } from '@chainellation/server/testing/push-service'
import { type ApiProcess, startApi } from '@chainellation/server/testing/server'
import postgres from 'postgres'
import webpush from 'web-push'
import { writeReport } from '../reports'
import type { FloorJob } from './reminders-floor'

const drill = process.argv.includes('--drill')
const SKIES = Number(process.env.BENCH_SKIES ?? (drill ? 2_000 : 10_000))
/** Chain seconds from the processes' start to dusk: time for both to start and plan. */
const LEAD_SECONDS = 45
/** How long the reminders may take before those not received are counted missed. */
const DEADLINE_MS = 180_000
/** After the last reminder, how long a late duplicate is waited for. */
const SETTLE_MS = drill ? 30_000 : 10_000
const OWNER = '0x000000000000000000000000000000000000bEEF'
/** Reminders each API process (and each floor process) has in flight at once: the API's default. */
const SENDS_AT_ONCE = 32
const API_NODE_FLAGS = ['--max-semi-space-size=16', '--max-old-space-size=192']

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
/** The peak resident set of process `pid` (VmHWM), in MiB. */
const peakRssMb = (pid: number) => {
  const mb = statusMb(pid, 'VmHWM')
  return mb === undefined ? null : round(mb, 1)
}

/** An index stand-in: every sky is OWNER's, in UTC, not gazed; `/sync` is not answered, so nothing is kept. */
async function startIndexStandIn() {
  const sky = (id: number) => ({
    status: 200,
    text: JSON.stringify({ id, owner: OWNER, tzOffset: 0, lastGazeAt: null, completed: false }),
  })
  const answer = (read: string) => {
    const id = /^\/skies\/(\d+)$/.exec(read)?.[1]
    return id ? sky(Number(id)) : { status: 404, text: JSON.stringify({ error: 'not here' }) }
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://index')
    const body =
      url.pathname === '/batch'
        ? { status: 200, text: JSON.stringify({ answers: url.searchParams.getAll('read').map(answer) }) }
        : answer(url.pathname)
    res.writeHead(body.status, { 'Content-Type': 'application/json' }).end(body.text)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: T }).result
}
const pendingTime = async (url: string) =>
  Number.parseInt((await rpc<{ timestamp: string }>(url, 'eth_getBlockByNumber', ['pending', false])).timestamp, 16)

/** The lateness of each first receipt after `fromMs`, sorted; p50, p95 and the rate over the span of receipts. */
function timings(firstAt: Map<string, number>, fromMs: number) {
  const times = [...firstAt.values()].sort((a, b) => a - b)
  const lateness = times.map((at) => at - fromMs)
  const spanSeconds = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000
  return {
    p50Ms: Math.round(percentile(lateness, 0.5)),
    p95Ms: Math.round(percentile(lateness, 0.95)),
    maxMs: Math.round(lateness.at(-1) ?? 0),
    sendsPerSecond: spanSeconds > 0 ? Math.round(firstAt.size / spanSeconds) : null,
  }
}

/**
 * The floor: `skies` reminders sent by two processes of reminders-floor.ts, half each, `atOnce` in flight in each, as
 * the API's two processes send them, with nothing else to do; timed from the instant both start.
 */
async function floorRun(skies: number, job: Omit<FloorJob, 'from' | 'to' | 'startAt'>, firstAt: Map<string, number>) {
  firstAt.clear()
  const script = fileURLToPath(new URL('./reminders-floor.ts', import.meta.url))
  // Time for both to start under tsx before they begin, so that neither begins alone.
  const startAt = Date.now() + 5_000
  const half = Math.ceil(skies / 2)
  const children = [
    { from: 1, to: half },
    { from: half + 1, to: skies },
  ].map((range) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify({ ...job, ...range, startAt })], {
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    return once(child, 'exit').then(([code]) => {
      if (code !== 0) throw new Error(`a floor process exited with ${code}`)
    })
  })
  await Promise.all(children)
  if (firstAt.size !== skies) throw new Error(`the floor's push service received ${firstAt.size} of ${skies}`)
  return timings(firstAt, startAt)
}

const load = () => loadavg().map((n) => round(n, 2))
const loadAtStart = load()
const cluster = await createPostgresCluster()
const anvil = await startAnvil({ chainId: 31337 })
const index = await startIndexStandIn()
const firstAt = new Map<string, number>()
let deliveries = 0
const push = await startPushService((delivery) => {
  deliveries++
  if (!firstAt.has(delivery.path)) firstAt.set(delivery.path, delivery.at)
})
const outdir = mkdtempSync(join(serverDir, '.build-bench-'))
const apis: ApiProcess[] = []
try {
  await buildServer({ outdir })
  // The schema, then the reminders, as owners' browsers would have asked for them.
  const migrated = await openDatabase({ url: cluster.url })
  await migrated.close()
  const sql = postgres(cluster.url, { onnotice: () => {} })
  const { subscription } = pushBrowser(push.url)
  for (let from = 1; from <= SKIES; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, SKIES - from + 1) }, (_, i) => ({
      address: OWNER,
      chain_id: 31337,
      sky_id: from + i,
      endpoint: `${push.url}/push/${from + i}`,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      tz_offset: 0,
      hour: 0,
      created_at: new Date(),
    }))
    await sql`insert into reminders ${sql(rows)}`
  }
  await sql.end()

  // The chain's clock to LEAD_SECONDS before the next 18:00 UTC, dusk for every one of the skies.
  const chainNow = await pendingTime(anvil.rpcUrl)
  const dusk = Math.ceil((chainNow - 18 * 3600 + LEAD_SECONDS) / 86_400) * 86_400 + 18 * 3600
  await rpc(anvil.rpcUrl, 'evm_increaseTime', [dusk - LEAD_SECONDS - chainNow])
  const offset = (await pendingTime(anvil.rpcUrl)) - Date.now() / 1000
  const duskWallMs = (dusk - offset) * 1000

  const vapid = webpush.generateVAPIDKeys()
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: cluster.url,
    WEB_DIST: '/nonexistent',
    LOCAL_RPC_URL: anvil.rpcUrl,
    SEPOLIA_RPC_URL: 'http://127.0.0.1:9',
    CHAIN_ID: '31337',
    INDEXER_URL: index.url,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:bench@chainellation.example',
    PUSH_SERVICE_ORIGINS: push.url,
    REMINDER_SENDS_AT_ONCE: String(SENDS_AT_ONCE),
  }
  const entry = join(outdir, 'index.js')
  apis.push(...(await Promise.all([0, 1].map(() => startApi(env, { entry, nodeFlags: API_NODE_FLAGS })))))
  const startedBeforeDusk = round((duskWallMs - Date.now()) / 1000, 1)
  if (startedBeforeDusk < 5) throw new Error(`the APIs took until ${-startedBeforeDusk} s before dusk to start`)

  const peaks = new Map<number, number>()
  const samplePeaks = () => {
    for (const api of apis) peaks.set(api.pid, Math.max(peaks.get(api.pid) ?? 0, peakRssMb(api.pid) ?? 0))
  }
  let killedAt: number | null = null
  const deadline = Date.now() + (duskWallMs - Date.now()) + DEADLINE_MS
  while (firstAt.size < SKIES && Date.now() < deadline) {
    samplePeaks()
    if (drill && killedAt === null && firstAt.size >= SKIES / 4) {
      apis[0]?.kill('SIGKILL')
      killedAt = firstAt.size
    }
    await sleep(drill ? 5 : 100)
  }
  await sleep(SETTLE_MS)
  samplePeaks()

  const received = firstAt.size
  const ours = timings(firstAt, duskWallMs)
  const duplicates = deliveries - received
  if (received < SKIES || duplicates)
    for (const api of apis) {
      const { stdout, stderr } = api.output()
      process.stderr.write(
        `--- API ${api.pid} output, last lines ---\n${`${stdout}${stderr}`.split('\n').slice(-40).join('\n')}\n`,
      )
    }
  // The APIs stopped first: the floor has the machine as they had it.
  for (const api of apis) api.kill('SIGTERM')
  await Promise.all(apis.map((api) => api.exited))
  const floor = drill
    ? undefined
    : await floorRun(
        SKIES,
        {
          pushUrl: push.url,
          keys: subscription.keys,
          vapid: { ...vapid, subject: env.VAPID_SUBJECT },
          atOnce: SENDS_AT_ONCE,
        },
        firstAt,
      )
  const report = {
    skies: SKIES,
    processes: 2,
    database: 'postgres',
    ...(drill ? { killedAfter: killedAt, killedBy: 'SIGKILL', restarted: false } : {}),
    received,
    duplicates,
    missed: SKIES - received,
    ...ours,
    apiRssPeakMb: Math.max(...peaks.values()),
    apiRssPeakMbEach: apis.map((api) => peaks.get(api.pid) ?? null),
    startedBeforeDuskSeconds: startedBeforeDusk,
    ...(floor ? { floor } : {}),
    loadAverage: { start: loadAtStart, end: load() },
  }
  writeReport(drill ? 'remindersDrill' : 'reminders', report)
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
} finally {
  for (const api of apis) api.kill('SIGTERM')
  await Promise.all(apis.map((api) => api.exited))
  await Promise.all([push.close(), index.close()])
  await anvil.stop()
  await cluster.destroy()
  rmSync(outdir, { recursive: true, force: true })
}
