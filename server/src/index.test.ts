import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { freePort } from '@chainellation/contracts/anvil'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { apiEntry } from '../test/api-build'
import { seedDataDir } from '../test/database'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const dataRoot = mkdtempSync(join(tmpdir(), 'server-start-'))
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }))

let running: ChildProcess | undefined
afterEach(() => {
  running?.kill('SIGKILL')
  running = undefined
})

/** Starts the bundled API as `npm start -w server` does; resolves with its output once it listens or exits. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [apiEntry()], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running = child
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const listening = new Promise<void>((resolve) => {
    child.stdout.on('data', () => {
      if (stdout.includes('API listening')) resolve()
    })
  })
  return {
    child,
    exited,
    ready: Promise.race([listening, exited]),
    output: () => ({ stdout, stderr }),
  }
}

// Each start boots PGlite: slow on a busy machine.
describe('the server process', { timeout: 120_000 }, () => {
  it('opens its embedded database in DATA_DIR, serves sign-in, and stops on SIGTERM', async () => {
    const port = await freePort()
    const server = start({ PORT: String(port), DATA_DIR: join(dataRoot, 'pglite') })
    await server.ready
    expect(server.output().stdout).toContain(`API listening on http://127.0.0.1:${port} (database: pglite)`)
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/nonce`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ nonce: expect.stringMatching(/^[0-9a-f]{64}$/) })
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  })

  it('exits naming the database it could not open', async () => {
    const server = start({ PORT: String(await freePort()), DATABASE_URL: 'postgres://chainellation@127.0.0.1:1/none' })
    expect(await server.exited).toBe(1)
    expect(server.output().stdout).toMatch(
      /^FATAL: could not open the Postgres server in DATABASE_URL: .*ECONNREFUSED 127\.0\.0\.1:1\n$/,
    )
  })

  it('logs JSON lines in production, and serves metrics on a port of their own', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()]
    await seedDataDir(join(dataRoot, 'pglite-json'))
    const server = start({
      NODE_ENV: 'production',
      SEPOLIA_RPC_URL: 'https://eth-sepolia.g.alchemy.com/v2/key-that-must-not-be-logged',
      WEB_DIST: join(dataRoot, 'no-web'),
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      DATA_DIR: join(dataRoot, 'pglite-json'),
    })
    await server.ready
    const health = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { 'X-Request-Id': 'from-the-lb' } })
    expect(health.headers.get('x-request-id')).toBe('from-the-lb')
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404)
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
    expect(metrics.status).toBe(200)
    expect(await metrics.text()).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/health",status="200",ok="true"\} 1$/m,
    )
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    const lines = server
      .output()
      .stdout.trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines[0]).toMatchObject({ level: 'info', msg: expect.stringMatching(/^API listening on /) })
    expect(lines).toContainEqual(
      expect.objectContaining({ reqId: 'from-the-lb', method: 'GET', route: '/api/health', status: 200 }),
    )
    expect(server.output().stdout).not.toContain('key-that-must-not-be-logged')
  })
})

describe('a shutdown', { timeout: 120_000 }, () => {
  /** An indexer that takes `stallMs` to answer: a discovery request to it stays in flight that long. */
  let stallMs = 0
  let asked: () => void = () => {}
  const indexer = createServer((_, res) => {
    asked()
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"chainId":31337,"ready":true,"indexedBlock":7,"headBlock":7,"behind":0}')
    }, stallMs)
  })
  let indexerUrl: string
  beforeAll(async () => {
    await new Promise<void>((resolve) => indexer.listen(0, '127.0.0.1', resolve))
    indexerUrl = `http://127.0.0.1:${(indexer.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => indexer.close(() => resolve())))

  /** Starts the server and a request that waits on the indexer; resolves once the indexer has been asked. */
  async function slowRequest(env: Record<string, string>) {
    const port = await freePort()
    await seedDataDir(join(dataRoot, 'pglite-drain'))
    const server = start({
      PORT: String(port),
      DATA_DIR: join(dataRoot, 'pglite-drain'),
      INDEXER_URL: indexerUrl,
      ...env,
    })
    await server.ready
    const indexerAsked = new Promise<void>((resolve) => {
      asked = resolve
    })
    const inFlight = fetch(`http://127.0.0.1:${port}/api/discovery/sync`).then(
      async (res) => ({ status: res.status, connection: res.headers.get('connection'), body: await res.json() }),
      (error: unknown) => ({ error }),
    )
    await indexerAsked
    return { port, server, inFlight }
  }

  /** Whether a new connection to `port` is refused. */
  const refused = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(false)
      })
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
    })

  it('finishes the requests in flight, refusing new connections, then exits 0 on SIGTERM', async () => {
    stallMs = 2000
    const { port, server, inFlight } = await slowRequest({ SHUTDOWN_GRACE_SECONDS: '10' })
    server.child.kill('SIGTERM')
    await waitFor(() => server.output().stdout.includes('shutting down'))
    expect(await refused(port)).toBe(true)
    expect(await inFlight).toEqual({
      status: 200,
      connection: 'close',
      body: { chainId: 31337, ready: true, indexedBlock: 7, headBlock: 7, behind: 0 },
    })
    expect(await server.exited).toBe(0)
    expect(server.output().stdout).toMatch(
      /^INFO: shutting down: finishing the requests in flight \{"signal":"SIGTERM"/m,
    )
    expect(server.output().stdout).toMatch(/^INFO: stopped \{"code":0\}$/m)
  })

  it('exits anyway once the grace has passed, saying so', async () => {
    stallMs = 4000
    const { server, inFlight } = await slowRequest({ SHUTDOWN_GRACE_SECONDS: '1' })
    server.child.kill('SIGINT')
    expect(await server.exited).toBe(1)
    // Cut before the indexer answered.
    expect(await inFlight).toMatchObject({ error: expect.any(Error) })
    expect(server.output().stdout).toMatch(
      /^WARN: grace of 1 s passed with requests unfinished: exiting anyway \{"connections":1\}$/m,
    )
  })
})

/** Resolves once `condition` holds, checking every 20 ms for up to 10 s. */
async function waitFor(condition: () => boolean) {
  for (const deadline = Date.now() + 10_000; !condition(); ) {
    if (Date.now() > deadline) throw new Error('timed out')
    await sleep(20)
  }
}
