// Not imported by the server itself: what the draft routes' tests share. An app on the test database and a clock the
// test moves, and a signed-in player's requests of it.
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, expect } from 'vitest'
import { createApp } from '../src/app'
import type { DatabaseHandle } from '../src/db'
import type { DraftLayer } from '../src/db/schema'
import type { DraftJson } from '../src/drafts/routes'
import { openTestDatabase } from './database'
import { signIn, testOrigin } from './sign-in'

/**
 * Registers a test file's database: in-memory PGlite by default; TEST_DATABASE_URL runs the same tests against a
 * Postgres server, where concurrent creates really do run at once on separate connections. `setup` makes an app on
 * it.
 */
export function useDraftApps() {
  let database: DatabaseHandle | undefined
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => {
    await database?.close()
  })
  return { setup: () => setup(database) }
}

const unlimited = { limit: 1_000_000, windowMs: 60_000 }

/** An app on a clock the test moves. Sign-in needs no node: EOA signatures are checked by ECDSA recovery. */
function setup(database: DatabaseHandle | undefined) {
  if (!database) throw new Error('the database opens before the first test')
  let time = Date.parse('2026-03-01T21:00:00Z')
  const app = createApp({
    config: {
      chainId: 31337,
      contracts: {},
      auth: { origins: [testOrigin], chains: [{ chain: anvil, rpcUrl: 'http://127.0.0.1:9' }] },
      // The write limits have their own tests (rate-limit.test.ts); here a player fills all 50 drafts at once.
      draftWrites: { client: unlimited, account: unlimited },
    },
    db: database.db,
    now: () => new Date(time),
  })
  return {
    app,
    now: () => new Date(time),
    advance: (ms: number) => {
      time += ms
    },
  }
}

export type Setup = ReturnType<typeof setup>

export type Init = { cookie?: string; body?: unknown; raw?: RequestInit['body']; headers?: Record<string, string> }

/** A request as the web app makes it: JSON, from its own origin, with the session cookie if given. */
export function call(s: Setup, method: string, path: string, init: Init = {}) {
  const body = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body))
  return s.app.request(path, {
    method,
    headers: {
      Origin: testOrigin,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...init.headers,
    },
    body,
  })
}

/** A signed-in player and the requests it makes. */
export async function player(s: Setup) {
  const { account, cookie } = await signIn(s.app, { at: s.now() })
  return {
    address: account.address,
    cookie,
    list: () => call(s, 'GET', '/api/drafts', { cookie }),
    create: (body: unknown = sample()) => call(s, 'POST', '/api/drafts', { cookie, body }),
    patch: (id: string, body: unknown) => call(s, 'PATCH', `/api/drafts/${id}`, { cookie, body }),
    remove: (id: string) => call(s, 'DELETE', `/api/drafts/${id}`, { cookie }),
  }
}

export const layers = (silhouette = 0, sky = 0, object = 0): DraftLayer[] => [
  { layer: 1, decorationId: silhouette, tokenId: '0' },
  { layer: 2, decorationId: sky, tokenId: '0' },
  { layer: 3, decorationId: object, tokenId: object ? '12' : '0' },
]

export const sample = (fields: Record<string, unknown> = {}) => ({
  name: 'Harbour at dusk',
  chainId: 31337,
  skyId: '7',
  layers: layers(2, 0, 5),
  ...fields,
})

export const draftOf = async (res: Response) => (await res.json()) as DraftJson
export const listOf = async (res: Response) => ((await res.json()) as { drafts: DraftJson[] }).drafts
export const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error

/** Creates `n` drafts for `p`, one after the other. */
export async function fill(p: Awaited<ReturnType<typeof player>>, n: number) {
  for (let i = 0; i < n; i++) expect((await p.create(sample({ name: `Draft ${i + 1}` }))).status).toBe(201)
}
