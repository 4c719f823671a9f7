// Fuzzes every route the app serves with generated requests: malformed JSON, wrong types, huge bodies, wrong
// methods, forged cookies, odd headers and paths. Every answer must be a 2xx, or a 4xx with a JSON sentence (the
// API) or the not-found page (a sky's or a draft's page that is not there). The discovery routes pass their reads to
// a real indexer (`ponder start` on the same local chain), so its validation is fuzzed too, and nothing answers 503.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { type Anvil, startAnvil } from '@chainellation/contracts/anvil'
import { deployLocalUniversalResolver, setLocalName } from '@chainellation/contracts/ens'
import { anvilAccount } from '@chainellation/contracts/safe'
import { type Indexer, startIndexer } from '@chainellation/indexer/process'
import { writeChaosReport } from '@chainellation/scripts/chaos'
import fc from 'fast-check'
import type { Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain, sepolia } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { openTestDatabase } from '../test/database'
import {
  bodyInit,
  describeRequest,
  type FuzzRequest,
  named,
  type Route,
  requestFor,
  routesOf,
  validDraft,
} from '../test/fuzz-requests'
import type { World } from '../test/fuzz-values'
import { browser, signIn, testOrigin } from '../test/sign-in'
import { createApp } from './app'
import type { DatabaseHandle } from './db'

const FUZZ_VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:fuzz@chainellation.example' }
/** Requests sent across all routes, at the least. */
const TOTAL_RUNS = 10_000

/** The app under fuzz; built the same way when the file is collected, to list its routes, and once it runs. */
function fuzzedApp(
  db: DatabaseHandle['db'],
  rpcUrl: string,
  webDist: string,
  universalResolver?: Address,
  indexerUrl?: string,
) {
  const generous = { limit: 1_000_000, windowMs: 60_000 }
  return createApp({
    config: {
      chainId: 31337,
      contracts: {},
      webDist,
      auth: {
        origins: [testOrigin, 'http://127.0.0.1:5173'],
        // Both chains are checked on the local node: a 503 here would be ours, not an unreachable node's.
        chains: [
          { chain: sepolia, rpcUrl },
          { chain: anvilChain, rpcUrl },
        ],
        // The limits have their own tests; here every request should reach the route behind them.
        rateLimits: { nonce: generous, verify: generous, session: generous },
      },
      // Likewise the sky reads' limit; their chain has no contracts, so reads end in the game's absence (404).
      skyReads: generous,
      draftWrites: { client: generous, account: generous },
      // Names on the local ENS stand-in, which answers every lookup: a 503 here would be a fault of ours.
      names: { rpcUrl, universalResolver },
      nameReads: generous,
      // So that X-Forwarded-For is read, and its parsing fuzzed too.
      trustedProxies: 1,
      indexerUrl,
      // So that the reminders' routes are on, and fuzzed past their keys.
      vapid: FUZZ_VAPID,
    },
    db,
  })
}

let chain: Anvil
let database: DatabaseHandle
let indexer: Indexer | undefined
let indexerDir: string
let webDist: string
let app: ReturnType<typeof fuzzedApp>

beforeAll(async () => {
  ;[chain, database] = await Promise.all([startAnvil(), openTestDatabase()])
  indexerDir = mkdtempSync(join(tmpdir(), 'fuzz-indexer-'))
  const indexing = startIndexer(chain.rpcUrl, indexerDir).then((started) => {
    indexer = started
  })
  webDist = mkdtempSync(join(tmpdir(), 'fuzz-web-'))
  mkdirSync(join(webDist, 'assets'))
  // The pages the web build writes: the home page, a game area's, and the shell of every other route.
  for (const name of ['index', 'mint', 'shell'])
    writeFileSync(join(webDist, `${name}.html`), `<!doctype html><title>${name}</title><div id="root"></div>`)
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), `export const sky = ${JSON.stringify('✦'.repeat(2000))}`)
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  writeFileSync(join(webDist, 'manifest.json'), '{"name":"chainellation"}')
  const resolver = await deployLocalUniversalResolver({ rpcUrl: chain.rpcUrl, deployer: anvilAccount(0) })
  await setLocalName({
    rpcUrl: chain.rpcUrl,
    resolver,
    account: named,
    name: { name: 'fuzz.eth', avatar: 'data:image/png;base64,iVBORw0KGgo=' },
  })
  await indexing
  app = fuzzedApp(database.db, chain.rpcUrl, webDist, resolver, indexer?.url)
}, 120_000)

afterAll(async () => {
  if (webDist) rmSync(webDist, { recursive: true, force: true })
  await indexer?.stop()
  if (indexerDir) rmSync(indexerDir, { recursive: true, force: true })
  await Promise.all([chain?.stop(), database?.close()])
})

// ---------------------------------------------------------------------------------------------------------------
// What the run saw.

const seen = { requests: 0, byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 } as Record<string, number> }
const byRoute = new Map<string, Map<number, number>>()
let answeringAtTheEnd: 'yes' | 'no' = 'no'

const record = (route: string, status: number) => {
  seen.requests++
  const statusClass = `${Math.floor(status / 100)}xx`
  seen.byClass[statusClass] = (seen.byClass[statusClass] ?? 0) + 1
  const statuses = byRoute.get(route) ?? new Map<number, number>()
  statuses.set(status, (statuses.get(status) ?? 0) + 1)
  byRoute.set(route, statuses)
}

// For `npm run chaos`, which sets CHAOS_REPORT_DIR; written even when a check failed, so the table shows it.
afterAll(() => {
  writeChaosReport('api-fuzz.json', {
    section: 'API fuzz',
    rows: [
      { measure: 'requests fuzzed', value: seen.requests },
      { measure: '5xx answers', value: seen.byClass['5xx'] ?? 0, expected: 0 },
      { measure: 'process answering at the end', value: answeringAtTheEnd, expected: 'yes' },
    ],
  })
})

// ---------------------------------------------------------------------------------------------------------------
// What a player (or an attacker) holds during a route's run: live sessions, drafts, unspent nonces.

/** A world of two signed-in accounts, three drafts and forty unspent nonces, on the app under fuzz. */
async function makeWorld(): Promise<World> {
  const accounts = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())]
  const cookies: string[] = []
  for (const account of accounts) cookies.push((await signIn(app, { account })).cookie)
  const draftIds: string[] = []
  for (let i = 0; i < 3; i++) {
    const res = await app.request('/api/drafts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookies[0] as string },
      body: JSON.stringify({ ...validDraft, name: `draft ${i}` }),
    })
    draftIds.push(((await res.json()) as { id: string }).id)
  }
  const nonces: string[] = []
  const tab = browser(app)
  for (let i = 0; i < 40; i++)
    nonces.push(((await (await tab.request('/api/auth/nonce')).json()) as { nonce: string }).nonce)
  return { cookies, accounts, draftIds, nonces, binding: tab.binding() as string }
}

async function send(route: Route, request: FuzzRequest, world: World) {
  const res = await app.request(request.url, {
    method: request.method,
    headers: request.headers,
    body: await bodyInit(request.body, world),
    duplex: 'half',
  } as RequestInit)
  record(`${route.method} ${route.path}`, res.status)
  const bytes = Buffer.from(await res.arrayBuffer())
  const text = (res.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes).toString()
  const ok = (res.status >= 200 && res.status < 300) || (res.status >= 400 && res.status < 500)
  if (!ok) throw new Error(`${res.status} ${text.slice(0, 200)} for ${describeRequest(request)}`)
  if (res.status === 416) {
    // A range past a static file's end is answered the HTTP way: with the file's size, and no body.
    if (!/^bytes \*\/\d+$/.test(res.headers.get('content-range') ?? ''))
      throw new Error(`416 without the file's size in Content-Range for ${describeRequest(request)}`)
  } else if (
    res.status === 404 &&
    request.method !== 'HEAD' &&
    res.headers.get('content-type')?.startsWith('text/html')
  ) {
    // A page the app says is not there: only the pages of skies and drafts answer so.
    const path = new URL(request.url).pathname
    if (!/^\/(sky|draft)\/[^/]*\/*$/i.test(path) || !text.startsWith('<!doctype html>'))
      throw new Error(`404 page for ${path}: ${text.slice(0, 200)} for ${describeRequest(request)}`)
  } else if (res.status >= 400 && request.method !== 'HEAD') {
    // A refusal says why, in a sentence, as JSON.
    const error = (JSON.parse(text) as { error?: unknown }).error
    if (typeof error !== 'string' || error.length === 0)
      throw new Error(`${res.status} without a JSON error (${text.slice(0, 200)}) for ${describeRequest(request)}`)
  }
}

// ---------------------------------------------------------------------------------------------------------------

describe('fuzzing every route', () => {
  // Test cases are made before beforeAll runs: the routes come from the same app built without its database.
  const routes = routesOf(fuzzedApp(undefined as never, 'http://127.0.0.1:9', tmpdir()))
  const runs = Math.ceil(TOTAL_RUNS / routes.length)

  it('reads the routes from the app, the API and the web app’s alike', () => {
    expect(routesOf(app)).toEqual(routes)
    const names = routes.map(({ method, path }) => `${method} ${path}`)
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/auth/nonce',
        'POST /api/auth/verify',
        'POST /api/drafts',
        'PATCH /api/drafts/:id',
        'GET /api/skies/:chainId/:skyId',
        'GET /api/skies/:chainId/:skyId/card.png',
        'GET /api/drafts/:id/card.png',
        'GET /api/names/:address',
        'GET /api/discovery/skies',
        'GET /api/discovery/skies/:skyId',
        'GET /api/discovery/activity',
        'GET /api/discovery/collectors/:address',
        'GET /api/discovery/leaderboard',
        'GET /api/discovery/sync',
        'ALL /api/*',
        'GET /*',
      ]),
    )
  })

  it.each(routes)('answers $method $path with a 2xx or a 4xx and a sentence', { timeout: 120_000 }, async (route) => {
    const world = await makeWorld()
    await fc.assert(
      fc.asyncProperty(requestFor(route, world), (request) => send(route, request, world)),
      { numRuns: runs },
    )
  })

  it('still answers health and a nonce at the end, and reports what it sent', async () => {
    const health = await app.request('/api/health')
    const nonce = await app.request('/api/auth/nonce')
    const healthy = health.status === 200 && ((await health.json()) as { ok?: boolean }).ok === true
    const issued = nonce.status === 200 && /^[0-9a-f]{64}$/.test(((await nonce.json()) as { nonce: string }).nonce)
    answeringAtTheEnd = healthy && issued ? 'yes' : 'no'

    const lines = [...byRoute].map(([route, statuses]) => {
      const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`)
      return `  ${route.padEnd(24)} ${counts.join(' ')}`
    })
    console.info(
      [
        `API fuzz: ${seen.requests} requests over ${byRoute.size} routes`,
        `  by status class: ${Object.entries(seen.byClass)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}`,
        `  5xx seen: ${seen.byClass['5xx']}`,
        `  answering at the end: ${answeringAtTheEnd}`,
        ...lines,
      ].join('\n'),
    )
    expect(answeringAtTheEnd).toBe('yes')
    expect(seen.requests).toBeGreaterThanOrEqual(TOTAL_RUNS)
    expect(seen.byClass['5xx']).toBe(0)
  })
})
