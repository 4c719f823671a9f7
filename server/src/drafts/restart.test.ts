import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '@chainellation/contracts/anvil'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil, sepolia } from 'viem/chains'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { apiEntry } from '../../test/api-build'
import { seedDataDir } from '../../test/database'
import { messageFor, nonceBindingOf, sessionCookieOf, signIn, testOrigin } from '../../test/sign-in'
import { createApp } from '../app'
import { openDatabase } from '../db'
import type { DraftJson } from './routes'

const dataRoot = mkdtempSync(join(tmpdir(), 'drafts-restart-'))
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }))

const layers = (object: number) => [
  { layer: 1, decorationId: 1, tokenId: '0' },
  { layer: 2, decorationId: 0, tokenId: '0' },
  { layer: 3, decorationId: object, tokenId: '4' },
]

const json = (cookie: string, method: string, body?: unknown): RequestInit => ({
  method,
  headers: {
    Origin: testOrigin,
    Cookie: cookie,
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
  },
  body: body === undefined ? undefined : JSON.stringify(body),
})

describe('drafts across a restart', () => {
  it('are all there after the database is closed and opened again on the same folder', async () => {
    const dataDir = join(dataRoot, 'reopen')
    const appOn = (db: Awaited<ReturnType<typeof openDatabase>>['db']) =>
      createApp({
        config: {
          chainId: 31337,
          contracts: {},
          auth: { origins: [testOrigin], chains: [{ chain: anvil, rpcUrl: 'http://127.0.0.1:9' }] },
        },
        db,
      })

    await seedDataDir(dataDir)
    const first = await openDatabase({ dataDir })
    const before = appOn(first.db)
    const { cookie } = await signIn(before, new Date())
    const ids: string[] = []
    for (let i = 1; i <= 5; i++) {
      const res = await before.request(
        '/api/drafts',
        json(cookie, 'POST', { name: `Sky ${i}`, chainId: 31337, layers: layers(i) }),
      )
      expect(res.status).toBe(201)
      ids.push(((await res.json()) as DraftJson).id)
    }
    expect((await before.request(`/api/drafts/${ids[1]}`, json(cookie, 'PATCH', { name: 'Renamed' }))).status).toBe(200)
    expect((await before.request(`/api/drafts/${ids[2]}`, json(cookie, 'DELETE'))).status).toBe(204)
    const saved = await (await before.request('/api/drafts', json(cookie, 'GET'))).json()
    await first.close()

    const second = await openDatabase({ dataDir })
    try {
      const after = appOn(second.db)
      // The session was kept as well, so the same cookie lists the same drafts.
      const res = await after.request('/api/drafts', json(cookie, 'GET'))
      expect(res.status).toBe(200)
      const listed = (await res.json()) as { drafts: DraftJson[] }
      expect(listed).toEqual(saved)
      expect(listed.drafts.map((d) => d.name).sort()).toEqual(['Renamed', 'Sky 1', 'Sky 4', 'Sky 5'])
      expect((await after.request(`/api/drafts/${ids[2]}`)).status).toBe(404)
    } finally {
      await second.close()
    }
  })
})

let running: ChildProcess | undefined
afterEach(() => {
  running?.kill('SIGKILL')
  running = undefined
})

/** Starts the bundled server as `npm start -w server` does and resolves once it listens. */
async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [apiEntry()], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running = child
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk
      if (output.includes('API listening')) resolve()
    }
    child.stdout?.on('data', collect)
    child.stderr?.on('data', collect)
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output}`)))
  })
  return { exited, kill: () => child.kill('SIGKILL') }
}

// Each start boots PGlite: slow on a busy machine.
describe('the server process', { timeout: 120_000 }, () => {
  it('has every draft it acknowledged after being killed without warning', async () => {
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    // Sepolia's node is unreachable on purpose: an EOA's signature is checked by ECDSA recovery alone.
    const env = { PORT: String(port), DATA_DIR: join(dataRoot, 'killed'), SEPOLIA_RPC_URL: 'http://127.0.0.1:9' }
    await seedDataDir(env.DATA_DIR)

    const first = await startServer(env)
    const account = privateKeyToAccount(generatePrivateKey())
    const issued = await fetch(`${base}/api/auth/nonce`)
    const { nonce } = (await issued.json()) as { nonce: string }
    const message = messageFor(account, nonce, new Date(), { chainId: sepolia.id })
    const verified = await fetch(`${base}/api/auth/verify`, {
      method: 'POST',
      headers: { Origin: testOrigin, 'Content-Type': 'application/json', Cookie: nonceBindingOf(issued) as string },
      body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
    })
    expect(verified.status).toBe(200)
    const cookie = sessionCookieOf(verified) as string

    const created: DraftJson[] = []
    for (let i = 1; i <= 3; i++) {
      const res = await fetch(
        `${base}/api/drafts`,
        json(cookie, 'POST', { name: `Kept ${i}`, chainId: 11155111, skyId: String(i), layers: layers(i) }),
      )
      expect(res.status).toBe(201)
      created.push((await res.json()) as DraftJson)
    }
    // SIGKILL: no shutdown handler, no checkpoint. What was acknowledged must already be on disk.
    first.kill()
    await first.exited

    await startServer(env)
    for (const draft of created) {
      const res = await fetch(`${base}/api/drafts/${draft.id}`)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual(draft)
    }
    const listed = await fetch(`${base}/api/drafts`, json(cookie, 'GET'))
    expect(((await listed.json()) as { drafts: DraftJson[] }).drafts).toHaveLength(3)
  })
})
