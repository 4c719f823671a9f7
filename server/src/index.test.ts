import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '@chainellation/contracts/anvil'
import { afterAll, afterEach, describe, expect, it } from 'vitest'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const dataRoot = mkdtempSync(join(tmpdir(), 'server-start-'))
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }))

let running: ChildProcess | undefined
afterEach(() => {
  running?.kill('SIGKILL')
  running = undefined
})

/** Starts `src/index.ts` as `npm start` does; resolves with its output once it listens or exits. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
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

// Each start compiles the server with tsx and boots PGlite: slow on a busy machine.
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
      /^FATAL could not open the Postgres server in DATABASE_URL: .*ECONNREFUSED 127\.0\.0\.1:1\n$/,
    )
  })
})
