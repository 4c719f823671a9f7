// One API process from the rehearsal's production build, asked directly (no nginx, no second process, no floor) for
// one route, several runs in a row: to tell two builds apart on a change to what a request costs, run it on each in
// turn. With `--profile <dir>` the process writes V8's CPU profile there as it stops, beside a copy of the build its
// lines refer to (the rehearsal's build is removed with it). docs/decisions/production.md, "What it costs a request".
//   node --import tsx src/server/one-api.ts <session|draft-read|draft-write|home|sky> [runs] [--profile <dir>]
import { spawn } from 'node:child_process'
import { cpSync, mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { freePort } from '@chainellation/contracts/anvil'
import { signal } from '@chainellation/scripts/processes'
import type autocannon from 'autocannon'
import { ROOT } from '../reports'
import { answers } from './floor'
import { RAISED_LIMITS, startLoadRehearsal } from './load-rehearsal'
import { load } from './load-rounds'
import { routesAt, writersAt, writesAcross } from './prod-requests'

const ROUTES = ['session', 'draft-read', 'draft-write', 'home', 'sky'] as const
type Route = (typeof ROUTES)[number]
const { values, positionals } = parseArgs({ allowPositionals: true, options: { profile: { type: 'string' } } })
const [routeArg = '', runsArg = '3'] = positionals
if (!(ROUTES as readonly string[]).includes(routeArg))
  throw new Error(`usage: one-api.ts <${ROUTES.join('|')}> [runs] [--profile <dir>]`)
const route = routeArg as Route
const runs = Number(runsArg)
const profile = values.profile && resolve(values.profile)

process.stdout.write('starting a rehearsal with 12 s blocks…\n')
const { rehearsal } = await startLoadRehearsal()
let api: ReturnType<typeof spawn> | undefined
try {
  const port = await freePort()
  if (profile) mkdirSync(profile, { recursive: true })
  const flags = [...rehearsal.api.nodeFlags, ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])]
  api = spawn(process.execPath, [...flags, rehearsal.api.entry], {
    cwd: join(ROOT, 'server'),
    env: { ...process.env, ...rehearsal.api.env(port), ...RAISED_LIMITS },
    stdio: 'ignore',
    detached: true,
  })
  const base = `http://127.0.0.1:${port}`
  if (!(await answers(`${base}/api/health`, () => api?.exitCode !== null)))
    throw new Error('the API process exited, or did not answer within 30 s')
  // The writers sign in through the rehearsal (its origin is the one the API accepts), each with a draft of its own.
  const writers = await writersAt(base, rehearsal.url)
  const routes = routesAt(base, rehearsal.url, writers[0])
  const pages = { 'accept-encoding': 'br, gzip' }
  const requests: Record<Route, autocannon.Options> = {
    session: routes.session,
    'draft-read': routes.draftRead,
    'draft-write': writesAcross(base, rehearsal.url, writers),
    home: { url: `${base}/`, headers: pages },
    sky: { url: `${base}/sky/1`, headers: pages },
  }
  const pid = api.pid
  for (let run = 0; run < runs; run++) await load(route, { pids: () => [pid], request: requests[route] })
} finally {
  if (api?.pid) {
    // The API exits on SIGTERM once its connections are done, which is when V8 writes the profile.
    const exited = new Promise((done) => api?.once('exit', done))
    signal(-api.pid, 'SIGTERM')
    await Promise.race([exited, sleep(10_000)])
  }
  if (profile) {
    cpSync(dirname(rehearsal.api.entry), join(profile, 'build'), { recursive: true })
    process.stdout.write(`profile and build in ${profile}\n`)
  }
  await rehearsal.stop()
}
