import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@chainellation/contracts/anvil'
import { anvil, sepolia } from 'viem/chains'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { apiEntry } from '../../test/api-build'
import { seedDataDir } from '../../test/database'
import { type ApiProcess, startApi } from '../../test/server'
import { signIn, testOrigin } from '../../test/sign-in'
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
    const { cookie } = await signIn(before)
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

let running: ApiProcess | undefined
afterEach(() => {
  running?.kill('SIGKILL')
  running = undefined
})

/** Starts the bundled server as `npm start -w server` does, on `port`, and resolves once it listens. */
const startServer = async (env: Record<string, string>, port: number) => {
  running = await startApi(env, { port, entry: apiEntry() })
  return running
}

// Each start boots PGlite: slow on a busy machine.
describe('the server process', { timeout: 120_000 }, () => {
  it('has every draft it acknowledged after being killed without warning', async () => {
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    // Sepolia's node is unreachable on purpose: an EOA's signature is checked by ECDSA recovery alone.
    const env = { DATA_DIR: join(dataRoot, 'killed'), SEPOLIA_RPC_URL: 'http://127.0.0.1:9' }
    await seedDataDir(env.DATA_DIR)

    const first = await startServer(env, port)
    const { cookie } = await signIn(base, { fields: { chainId: sepolia.id } })

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
    first.kill('SIGKILL')
    await first.exited

    await startServer(env, port)
    for (const draft of created) {
      const res = await fetch(`${base}/api/drafts/${draft.id}`)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual(draft)
    }
    const listed = await fetch(`${base}/api/drafts`, json(cookie, 'GET'))
    expect(((await listed.json()) as { drafts: DraftJson[] }).drafts).toHaveLength(3)
  })
})
