// The production shape under load (`npm run bench -- prod`): a rehearsal (docs/decisions/production.md) with
// Sepolia's 12-second blocks, and autocannon from this machine through nginx (as compose runs it) to the two API
// processes on Postgres, 50 connections, each route warmed 10 s and then measured in rounds taken in turn with its floor
// (below); then one API process from the same build on PGlite, asked directly, for comparison. Rate limits are raised out of the way and the provider stand-in injects
// no faults, so that every answer that is not 2xx is the API's own. Each route's CPU a request is held against a
// floor measured in the same run and the same shape (floor.ts, floor-server.ts): the same SQL through the same driver,
// or the API's own bytes of the same page, from two bare Hono processes behind nginx. Writes bench/reports/prod.json.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from '@chainellation/contracts/anvil'
import { procCommandLine, statusMb } from '@chainellation/scripts/proc'
import { signal } from '@chainellation/scripts/processes'
import type { Rehearsal } from '@chainellation/scripts/rehearsal'
import type autocannon from 'autocannon'
import { ROOT, reportPath, writeReport } from '../reports'
import { TARGETS } from '../results/figures'
import { CPU_RATIO_TARGET, cpuRatio } from './cpu'
import { answers, type FloorSettings, type PageFiles, sameOnEveryAnswer, spawnFloorProcess, startFloor } from './floor'
import { RAISED_LIMITS, startLoadRehearsal } from './load-rehearsal'
import { atRate, CONNECTIONS, compare, load, ROUND_SECONDS, ROUNDS, type RouteRun, WARM_SECONDS } from './load-rounds'
import { routesAt, WRITERS, type Writers, writersAt, writesAcross } from './prod-requests'
import { startsInTurn } from './starts'

const serverDir = join(ROOT, 'server')

/** VmRSS of `pid` in MiB, or 0 once it is gone. */
const rssMb = (pid: number | undefined) => Math.round((pid && statusMb(pid, 'VmRSS')) || 0)

/** The sum of a counter over the Prometheus texts of `urls`. */
async function counter(urls: string[], name: string): Promise<number> {
  let sum = 0
  for (const url of urls) {
    const text = await (await fetch(url)).text()
    for (const line of text.split('\n')) if (line.startsWith(name)) sum += Number(line.split(' ').at(-1))
  }
  return sum
}

const encodings = { 'accept-encoding': 'br, gzip' }

/** A route's request as autocannon sends it, sent once with fetch: its status, body and headers. */
async function answerTo({ url, method = 'GET', headers = {}, body }: autocannon.Options) {
  const res = await fetch(url, { method, headers: headers as Record<string, string>, body: body as string | undefined })
  return { status: res.status, text: await res.text(), headers: res.headers }
}

/** An answer's body to compare: a draft's JSON without the time of its change, which a write sets. */
function comparable(text: string) {
  try {
    const { updatedAt: _, ...rest } = JSON.parse(text) as Record<string, unknown>
    return JSON.stringify(rest)
  } catch {
    return text
  }
}

/**
 * The requests of every route measured, at `base`, as `writers` ask them from `origin`: the writes across their
 * drafts, the rest as the first of them.
 */
function requestsAt(base: string, origin: string, writers: Writers) {
  const routes = routesAt(base, origin, writers[0])
  // The writes first: the answers compared with the floor's are asked in this order, and a draft read asked before a
  // write would find the draft as it was.
  return {
    'PATCH /api/drafts/:id': writesAcross(base, origin, writers),
    'PATCH /api/drafts/:id, one draft': routes.draftWrite,
    'GET /api/auth/session': routes.session,
    'GET /api/drafts/:id': routes.draftRead,
    'GET /': { url: `${base}/`, headers: encodings },
    'GET /sky/1': { url: `${base}/sky/1`, headers: encodings },
  }
}
type Route = keyof ReturnType<typeof requestsAt>

/** The body `url` answers with when asked for `coding`, as it came over the wire (not decompressed, as fetch would). */
function rawBody(url: string, coding: 'identity' | 'br' | 'gzip'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': coding } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve(Buffer.concat(chunks)))
      res.on('error', reject)
    }).on('error', reject)
  })
}

const PAGES = { '/': 'home', '/sky/1': 'sky-1' } as const
const CODINGS = ['identity', 'br', 'gzip'] as const

/** Each page's bodies as `base` sends them, one for each coding. */
async function pageBodies(base: string) {
  const bodies: Record<string, Record<(typeof CODINGS)[number], Buffer>> = {}
  for (const path of Object.keys(PAGES)) {
    const [identity, br, gzip] = await Promise.all(CODINGS.map((coding) => rawBody(`${base}${path}`, coding)))
    bodies[path] = { identity, br, gzip } as Record<(typeof CODINGS)[number], Buffer>
  }
  return bodies
}

/**
 * The floor: two floor processes (floor-server.ts) on the rehearsal's Postgres behind an nginx of their own (floor.ts),
 * asked with the same settings, the same accounts and drafts, and the same pages: the bytes the API sent for each, in
 * each coding (the API compresses its build's pages harder than a sky's, which it writes per answer), sending the
 * headers the API sends on every answer of each route. Checked to answer each route as the API does, and each page in
 * the same bytes.
 */
async function startFloorOf(at: Rehearsal, writers: Writers, dir: string) {
  const apiBodies = await pageBodies(at.url)
  const pages = Object.fromEntries(
    Object.entries(PAGES).map(([path, name]) => {
      const files = Object.fromEntries(CODINGS.map((coding) => [coding, join(dir, `${name}.${coding}`)]))
      for (const coding of CODINGS) writeFileSync(files[coding] as string, apiBodies[path]?.[coding] as Buffer)
      return [path, files as PageFiles]
    }),
  )
  // One after the other: a draft read beside the write could find the draft before or after it.
  const apiAnswers = []
  for (const [route, request] of Object.entries(requestsAt(at.url, at.url, writers)))
    apiAnswers.push({ route, ...(await answerTo(request)) })
  const headers = Object.fromEntries(apiAnswers.map(({ route, headers }) => [route, sameOnEveryAnswer(headers)]))
  const settings: FloorSettings = { postgresUrl: at.postgresUrl, pages, headers, nodeFlags: at.api.nodeFlags }
  const floor = await startFloor(settings)
  const requests = requestsAt(floor.base, at.url, writers)
  // The floor answers as the API does, body and headers, or it is no floor of the API's work.
  for (const api of apiAnswers) {
    const bare = await answerTo(requests[api.route as Route])
    const differs = [
      bare.status !== api.status && 'status',
      comparable(bare.text) !== comparable(api.text) && 'body',
      JSON.stringify(sameOnEveryAnswer(bare.headers)) !== JSON.stringify(headers[api.route]) && 'headers',
    ].filter(Boolean)
    if (differs.length)
      process.stdout.write(`  the floor's answer to ${api.route} differs from the API's: ${differs.join(', ')}\n`)
  }
  const floorBodies = await pageBodies(floor.base)
  for (const [path, bodies] of Object.entries(apiBodies))
    for (const coding of CODINGS)
      if (!floorBodies[path]?.[coding].equals(bodies[coding]))
        process.stdout.write(`  the floor's ${coding} body of ${path} differs from the API's\n`)
  return { floor, requests, settings }
}

/** A route's CPU a request beside its floor's, and whether it is within {@link CPU_RATIO_TARGET} of it. */
function cpuBesideFloor({ api, floor }: { api: RouteRun; floor: RouteRun }) {
  const ratio = cpuRatio(api.cpuMsPerRequest, floor.cpuMsPerRequest)
  const rounds = api.roundRatios?.map((r) => `×${r?.toFixed(2)}`).join(', ')
  process.stdout.write(
    `  ${api.route.padEnd(24)} cpu ${api.cpuMsPerRequest?.toFixed(3)} ms/req (floor ${floor.cpuMsPerRequest?.toFixed(3)}, ×${ratio?.toFixed(2)}; rounds ${rounds})\n`,
  )
  return {
    apiMsPerRequest: api.cpuMsPerRequest,
    floorMsPerRequest: floor.cpuMsPerRequest,
    ratio,
    roundRatios: api.roundRatios ?? [],
    met: ratio === null ? null : ratio <= CPU_RATIO_TARGET,
  }
}

const loadAtStart = loadavg().map((l) => Math.round(l * 10) / 10)
process.stdout.write('starting a rehearsal with 12 s blocks…\n')
const { rehearsal, chain } = await startLoadRehearsal()
const extra: number[] = []
/** The floor's stop, once it has started: it is stopped however the run ends. */
let stopFloor: (() => void) | undefined
const scratch = mkdtempSync(join(tmpdir(), 'prod-bench-pglite-'))
const floorDir = mkdtempSync(join(tmpdir(), 'prod-bench-floor-'))
try {
  const base = rehearsal.url
  const pids = () => rehearsal.apis.map((api) => api.pid())
  // The API's own processes: their CPU is counted over each run, nginx's is not.
  for (const pid of pids()) {
    if (!procCommandLine(pid as number)?.includes(rehearsal.api.entry))
      process.stdout.write(`  process ${pid} does not run the API's build: its CPU may not be the API's\n`)
  }
  await sleep(5000)
  const idle = pids().map(rssMb)
  let peak = [...idle]
  const sampler = setInterval(() => {
    peak = pids().map((pid, i) => Math.max(peak[i] ?? 0, rssMb(pid)))
  }, 250)

  const writers = await writersAt(base)
  const { floor, requests: floorRequests, settings: floorSettings } = await startFloorOf(rehearsal, writers, floorDir)
  stopFloor = floor.stop
  const apiRequests = requestsAt(base, base, writers)
  process.stdout.write(
    `through nginx to two API processes on Postgres, and to two floor processes (bare Hono, the same SQL) in turn, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s each:\n`,
  )
  const both = (route: Route) =>
    compare(route, { pids, request: apiRequests[route] }, { pids: () => floor.pids, request: floorRequests[route] })
  /** The route again at the rate its target names, for the p99 at that rate (load-rounds.ts, `atRate`). */
  const paced = (route: Route, rate: number) =>
    atRate(
      route,
      rate,
      { pids, request: apiRequests[route] },
      { pids: () => floor.pids, request: floorRequests[route] },
    )
  const session = await both('GET /api/auth/session')
  const sessionAtRate = await paced('GET /api/auth/session', TARGETS.prodApiReadRps.value)
  const draftRead = await both('GET /api/drafts/:id')
  const draftReadAtRate = await paced('GET /api/drafts/:id', TARGETS.prodApiReadRps.value)
  const draftWrite = await both('PATCH /api/drafts/:id')
  const draftWriteAtRate = await paced('PATCH /api/drafts/:id', TARGETS.prodDraftWriteRps.value)
  const oneDraftWrite = await both('PATCH /api/drafts/:id, one draft')
  const home = await both('GET /')
  const metrics = rehearsal.apis.map((api) => api.metricsUrl)
  const readsBefore = await counter(metrics, 'chainellation_sky_chain_reads_total')
  const blockBefore = await chain.getBlockNumber()
  const skyPage = await both('GET /sky/1')
  const skyChainReads = (await counter(metrics, 'chainellation_sky_chain_reads_total')) - readsBefore
  const skyBlocks = Number((await chain.getBlockNumber()) - blockBefore) + 1
  clearInterval(sampler)
  floor.stop()

  process.stdout.write(`the API's CPU a request beside the floor's (target ×${CPU_RATIO_TARGET} at most):\n`)
  const cpu = {
    target: CPU_RATIO_TARGET,
    sessionRead: cpuBesideFloor(session),
    draftRead: cpuBesideFloor(draftRead),
    draftWrite: cpuBesideFloor(draftWrite),
    oneDraftWrite: cpuBesideFloor(oneDraftWrite),
    home: cpuBesideFloor(home),
    skyPage: cpuBesideFloor(skyPage),
  }

  // Start to the first healthy answer, of a third process from the same build, beside a floor process's start.
  const starts = await startsInTurn(
    {
      spawn: (port) =>
        spawn(process.execPath, [...rehearsal.api.nodeFlags, rehearsal.api.entry], {
          cwd: serverDir,
          env: { ...process.env, ...rehearsal.api.env(port), ...RAISED_LIMITS },
          stdio: 'ignore',
          detached: true,
        }),
      health: (port) => `http://127.0.0.1:${port}/api/health`,
    },
    {
      spawn: (port) => spawnFloorProcess(port, floorSettings),
      health: (port) => `http://127.0.0.1:${port}/api/health`,
    },
  )
  const startMs = starts.api.medianMs
  process.stdout.write(
    `start to the first healthy answer, ${starts.api.ms.length} of each in turn: the API ${starts.api.ms.join(' / ')} ms, ` +
      `the floor ${starts.floor.ms.join(' / ')} ms (medians ${startMs} and ${starts.floor.medianMs})\n`,
  )

  // The same build on PGlite, asked directly.
  const pglitePort = await freePort()
  const pglite = spawn(process.execPath, [...rehearsal.api.nodeFlags, rehearsal.api.entry], {
    cwd: serverDir,
    env: { ...process.env, ...rehearsal.api.env(pglitePort), ...RAISED_LIMITS, DATABASE_URL: '', DATA_DIR: scratch },
    stdio: 'ignore',
    detached: true,
  })
  extra.push(pglite.pid as number)
  const pgliteBase = `http://127.0.0.1:${pglitePort}`
  // A fresh PGlite folder is made (initdb) and migrated as it starts: a minute, not the 30 s a process on Postgres gets.
  if (!(await answers(`${pgliteBase}/api/health`, () => pglite.exitCode !== null, 60)))
    throw new Error('the API process on PGlite exited, or did not answer within 60 s')
  process.stdout.write(`one API process on PGlite, asked directly, ${CONNECTIONS} connections:\n`)
  const pgWriters = await writersAt(pgliteBase, base)
  const pgRoutes = routesAt(pgliteBase, base, pgWriters[0])
  const pgWrites = writesAcross(pgliteBase, base, pgWriters)
  const pglitePids = () => [pglite.pid]
  const pg = {
    session: await load('GET /api/auth/session', { pids: pglitePids, request: pgRoutes.session }),
    draftRead: await load('GET /api/drafts/:id', { pids: pglitePids, request: pgRoutes.draftRead }),
    draftWrite: await load('PATCH /api/drafts/:id', { pids: pglitePids, request: pgWrites }),
    oneDraftWrite: await load('PATCH /api/drafts/:id, one draft', { pids: pglitePids, request: pgRoutes.draftWrite }),
    rssMb: rssMb(pglite.pid),
  }

  const atRates = [sessionAtRate, draftReadAtRate, draftWriteAtRate]
  const runs = [session, draftRead, draftWrite, oneDraftWrite, home, skyPage, ...atRates].map((r) => r.api)
  const report = {
    generatedAt: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, loadAverage: loadAtStart, loadAverageAtEnd: loadavg() },
    method:
      `autocannon, ${CONNECTIONS} connections, from the same machine; each route warmed ${WARM_SECONDS} s on the API and on its floor, ` +
      `then ${ROUNDS} rounds of ${ROUND_SECONDS} s, the API's and the floor's in turn, each side's figures over its rounds together ` +
      '(p99: the worst round); CPU a request: utime + stime of the answering processes (/proc/<pid>/stat, nginx not ' +
      'counted) over the measured rounds, over the requests answered in them; floor: two bare Hono + @hono/node-server + postgres.js processes (plain ' +
      'node, the API’s heap flags) on the same Postgres behind an nginx of their own configured as the API’s, asked ' +
      `with the same settings, accounts and drafts (draft writes: ${WRITERS} players' drafts, each write the next one's; one draft: all to one), sending the SQL the API sends and answering the same JSON, or the ` +
      'pages in the bytes the API sent for them in each coding, kept in memory, with the headers the API sends on ' +
      'every answer of the route (its security headers, its Cache-Control); their CPU counted as the API’s is, ' +
      "nginx’s not; at a rate: an open loop at the rate the route's target names, a request due every 1/rate s " +
      `over at most ${CONNECTIONS} kept-alive connections, each timed from when it fell due (bench/src/server/paced.ts), ` +
      `API and floor in turn, ${ROUNDS} rounds of ${ROUND_SECONDS} s each`,
    sessionReadRps: session.api.rps,
    sessionReadP99Ms: session.api.p99Ms,
    draftReadRps: draftRead.api.rps,
    draftReadP99Ms: draftRead.api.p99Ms,
    draftWriteRps: draftWrite.api.rps,
    draftWriteP99Ms: draftWrite.api.p99Ms,
    oneDraftWriteRps: oneDraftWrite.api.rps,
    oneDraftWriteP99Ms: oneDraftWrite.api.p99Ms,
    homeRps: home.api.rps,
    homeP99Ms: home.api.p99Ms,
    skyPageRps: skyPage.api.rps,
    skyPageP99Ms: skyPage.api.p99Ms,
    atRate: {
      sessionRead: sessionAtRate,
      draftRead: draftReadAtRate,
      draftWrite: draftWriteAtRate,
    },
    skyPageChainReads: skyChainReads,
    skyPageBlocks: skyBlocks,
    apiProcesses: rehearsal.apis.length,
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    apiRssIdleMb: Math.max(...idle),
    apiRssPeakMb: Math.max(...peak),
    startMs,
    starts,
    pglite: {
      sessionReadRps: pg.session.rps,
      sessionReadP99Ms: pg.session.p99Ms,
      draftReadRps: pg.draftRead.rps,
      draftReadP99Ms: pg.draftRead.p99Ms,
      draftWriteRps: pg.draftWrite.rps,
      draftWriteP99Ms: pg.draftWrite.p99Ms,
      oneDraftWriteRps: pg.oneDraftWrite.rps,
      oneDraftWriteP99Ms: pg.oneDraftWrite.p99Ms,
      rssMb: pg.rssMb,
    },
    cpu,
    runs,
    floorRuns: [session, draftRead, draftWrite, oneDraftWrite, home, skyPage, ...atRates].map((r) => r.floor),
  }
  writeReport('prod', report)
  process.stdout.write(
    `idle ${idle.join(' / ')} MiB, peak ${peak.join(' / ')} MiB; start ${startMs} ms; sky page: ${skyChainReads} chain reads over ${skyBlocks} blocks (${reportPath('prod')})\n`,
  )
} finally {
  for (const pid of extra) signal(-pid, 'SIGKILL')
  stopFloor?.()
  await rehearsal.stop()
  rmSync(scratch, { recursive: true, force: true })
  rmSync(floorDir, { recursive: true, force: true })
}
