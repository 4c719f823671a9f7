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
import type { Address, LocalAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain, sepolia } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { openTestDatabase } from '../test/database'
import { browser, signIn, testOrigin } from '../test/sign-in'
import { createApp } from './app'
import { SESSION_COOKIE } from './auth/session'
import { formatSiweMessage } from './auth/siwe-message'
import type { DatabaseHandle } from './db'

/** Requests sent across all routes, at the least. */

const FUZZ_VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:fuzz@chainellation.example' }
const TOTAL_RUNS = 10_000

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'FOO'] as const

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
/** An account with a primary name, whose lookups read a name and an avatar. */
const named = anvilAccount(1)

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
// The routes, read from the app itself so that a new one is fuzzed without anyone listing it here.

type Route = { method: string; path: string }

const routesOf = (served: { routes: Route[] }): Route[] => [
  ...new Map(served.routes.map(({ method, path }) => [`${method} ${path}`, { method, path }])).values(),
]

// ---------------------------------------------------------------------------------------------------------------
// What a player (or an attacker) holds during a route's run: live sessions, drafts, unspent nonces.

/** `binding` is the cookie the unspent nonces are bound to, sent with the sessions' cookies as a browser would. */
type World = { cookies: string[]; accounts: LocalAccount[]; draftIds: string[]; nonces: string[]; binding: string }

const validDraft = {
  name: 'Orion over the bay',
  chainId: 31337,
  skyId: '42',
  layers: [
    { layer: 1, decorationId: 1, tokenId: '7' },
    { layer: 2, decorationId: 0, tokenId: '0' },
    { layer: 3, decorationId: 65535, tokenId: '18446744073709551615' },
  ],
}

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

// ---------------------------------------------------------------------------------------------------------------
// Building blocks.

/**
 * `usual` nine times in ten, else one of `odd`. With each part of a request mostly as the app expects, most
 * requests get past the routing and the Origin check to meet a route's own checks with one or two odd parts.
 */
const often = <T>(usual: fc.Arbitrary<T>, ...odd: fc.Arbitrary<T>[]) =>
  fc.oneof({ weight: 9, arbitrary: usual }, { weight: 1, arbitrary: fc.oneof(...odd) })

const fromCodes = (min: number, max: number) => fc.integer({ min, max }).map((code) => String.fromCharCode(code))

/** A header value fetch accepts: no NUL, CR or LF, nothing above U+00FF. */
const headerValue = fc.string({ unit: fc.oneof(fromCodes(0x20, 0x7e), fromCodes(0x80, 0xff), fc.constant('\t')) })
const shortText = fc.string({ unit: 'grapheme', maxLength: 40 })
const token = fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,24}$/)
const hex = (minBytes: number, maxBytes: number) =>
  fc.uint8Array({ minLength: minBytes, maxLength: maxBytes }).map((bytes) => Buffer.from(bytes).toString('hex'))

/** A path segment: odd encodings, traversal, ids, unicode. */
const segment = fc.oneof(
  fc.constantFrom(
    '',
    '.',
    '..',
    '%2e%2e',
    '%2F',
    '%00',
    '%',
    '%zz',
    '%E0%A4%A',
    '%ff%fe',
    '..%2F..%2Fetc%2Fpasswd',
    'index.html',
    'shell.html',
    'mint',
    'compose',
    'a.js',
    '~',
    ';x=1',
    ':id',
    '@',
    '*',
    'nonce',
    'verify',
  ),
  shortText.map(encodeURIComponent),
  shortText,
  fc.stringMatching(/^[A-Za-z0-9_-]{22}$/),
  fc.integer({ min: 200, max: 9000 }).map((n) => 'a'.repeat(n)),
  fc
    .tuple(fc.integer({ min: 200, max: 600 }), fc.constantFrom('.js', '.html', '.json'))
    .map(([n, ext]) => `${'b'.repeat(n)}${ext}`),
)

const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, '', 0, -1, 1e21, 2 ** 31, 2 ** 53 + 2, -0, '9'.repeat(80), '__proto__', {}, []),
  fc.constant({ __proto__: { polluted: true } }),
)

/** Values near `seed`: the seed, a field replaced, removed, added or changed in depth, another type. */
function mutate(seed: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 3) return anyJson
  if (Array.isArray(seed) && seed.length > 0) {
    return fc.oneof(
      fc.constant(seed),
      fc.nat(seed.length - 1).chain((i) => mutate(seed[i], depth + 1).map((v) => seed.with(i, v))),
      fc.nat(seed.length - 1).map((i) => seed.toSpliced(i, 1)),
      fc.constant([...seed, ...seed]),
      anyJson,
    )
  }
  if (typeof seed === 'object' && seed !== null) {
    const keys = Object.keys(seed)
    const entries = seed as Record<string, unknown>
    const added = fc.tuple(fc.oneof(token, fc.constant('__proto__')), anyJson).map(([k, v]) => ({ ...entries, [k]: v }))
    if (keys.length === 0) return fc.oneof(fc.constant(seed), added, anyJson)
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant(seed) },
      fc.constantFrom(...keys).chain((k) => mutate(entries[k], depth + 1).map((v) => ({ ...entries, [k]: v }))),
      fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(entries).filter(([key]) => key !== k))),
      added,
      fc.constant([seed]),
      anyJson,
    )
  }
  if (typeof seed === 'string')
    return fc.oneof(
      fc.constant(seed),
      shortText,
      fc.tuple(fc.nat(seed.length), shortText).map(([at, text]) => `${seed.slice(0, at)}${text}${seed.slice(at)}`),
      fc.integer({ min: 2, max: 2000 }).map((n) => seed.repeat(n)),
      anyJson,
    )
  if (typeof seed === 'number')
    return fc.oneof(fc.constant(seed), fc.integer(), fc.double(), fc.constant(seed + 0.5), anyJson)
  return anyJson
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-in messages, from well formed to garbage, signed by the right key, the wrong one or not at all.

const dateText = (usual: fc.Arbitrary<number>) =>
  often(
    usual.map((ms) => new Date(Date.now() + ms).toISOString()),
    fc.integer({ min: -20 * 60_000, max: 20 * 60_000 }).map((ms) => new Date(Date.now() + ms).toISOString()),
    fc
      .date({ min: new Date(-8_000_000_000_000_000), max: new Date(8_000_000_000_000_000), noInvalidDate: true })
      .map((d) => d.toISOString()),
    fc.constantFrom('yesterday', '', '2026-13-45T99:99:99Z', '0000-00-00T00:00:00.000Z', '+275760-09-13T00:00:00Z'),
    shortText,
  )

/** An address: one of the world's, checksummed or lower-case; else upper-case, with a wrong checksum, or junk. */
const addressText = (accounts: LocalAccount[]) =>
  often(
    fc.constantFrom(...accounts.flatMap((a) => [a.address, a.address.toLowerCase()])),
    hex(20, 20).map((h) => `0x${h}`),
    hex(20, 20).map((h) => `0x${h.toUpperCase()}`),
    fc
      .tuple(hex(20, 20), fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }))
      .map(([h, upper]) => `0x${[...h].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join('')}`),
    hex(0, 30).map((h) => `0x${h}`),
    shortText,
  )

const absent = fc.constant(undefined)

const siweText = (world: World) =>
  fc
    .record({
      domain: often(
        fc.constantFrom('localhost:5173', '127.0.0.1:5173'),
        fc.constantFrom('evil.example', 'localhost', ''),
        shortText,
      ),
      address: addressText(world.accounts),
      statement: often(fc.constantFrom(undefined, 'Sign in to chainellation.'), shortText),
      uri: often(
        fc.constantFrom(testOrigin, `${testOrigin}/mint`),
        fc.constantFrom('https://localhost:5173', 'javascript:alert(1)', 'x', 'http://127.0.0.1:5173'),
        shortText,
      ),
      version: often(fc.constant('1'), fc.constantFrom('2', '', '1.0')),
      chainId: often(
        fc.constantFrom('31337', '11155111'),
        fc.constantFrom('1', '0', '-1', '1e3', '0x7a69', '9'.repeat(30), ''),
        fc.integer().map(String),
      ),
      nonce: often(
        fc.constantFrom(...world.nonces),
        fc.stringMatching(/^[a-zA-Z0-9]{8,40}$/),
        shortText,
        fc.constant('a'.repeat(5000)),
      ),
      issuedAt: dateText(fc.integer({ min: -60_000, max: 0 })),
      expirationTime: often(absent, dateText(fc.integer({ min: 60_000, max: 600_000 }))),
      notBefore: often(absent, dateText(fc.integer({ min: -600_000, max: -60_000 }))),
      requestId: often(absent, shortText),
      resources: often(absent, fc.array(shortText, { maxLength: 3 })),
      scheme: often(absent, fc.constantFrom('http', 'https', 'ftp')),
    })
    // EIP-4361's layout, whatever the fields hold: the parser is what is tried.
    .map((f) => formatSiweMessage({ ...f, address: f.address as `0x${string}` }))
    .chain((text) =>
      often(
        fc.constant(text),
        // A line dropped, doubled or scribbled over.
        fc.nat(12).map((i) => text.split('\n').toSpliced(i, 1).join('\n')),
        fc.nat(12).map((i) => {
          const lines = text.split('\n')
          return lines.toSpliced(i, 0, lines[i] ?? '').join('\n')
        }),
        fc.tuple(fc.nat(text.length), shortText).map(([at, s]) => `${text.slice(0, at)}${s}${text.slice(at)}`),
      ),
    )

/** How to sign: with the key of the message's address, another of the world's keys, or a made-up signature. */
type Signing = { by: 'own' | number } | { signature: unknown }

const signing = (world: World): fc.Arbitrary<Signing> =>
  often(
    fc.constant<Signing>({ by: 'own' }),
    fc.nat(world.accounts.length - 1).map((by): Signing => ({ by })),
    fc
      .oneof(
        hex(65, 65).map((h) => `0x${h}`),
        hex(0, 200).map((h) => `0x${h}`),
        hex(1, 100).map((h) => `0x${h}${'6492'.repeat(16)}`),
        fc.constantFrom('0x', '0x0', '0xzz', '', 'signature'),
        fc.integer({ min: 8000, max: 20_000 }).map((n) => `0x${'ab'.repeat(n)}`),
        anyJson,
      )
      .map((signature): Signing => ({ signature })),
  )

type VerifyBody = { message: unknown; signing: Signing; extra?: [string, unknown] }

const verifyBody = (world: World): fc.Arbitrary<VerifyBody> =>
  fc.record({
    message: often(siweText(world), anyJson),
    signing: signing(world),
    extra: often(absent, fc.tuple(token, anyJson)),
  })

// ---------------------------------------------------------------------------------------------------------------
// Requests.

type Body =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  | { kind: 'json'; value: unknown }
  | { kind: 'verify'; body: VerifyBody }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'stream'; kib: number }

type FuzzRequest = { method: string; url: string; headers: Record<string, string>; body: Body }

const seedsFor = (route: Route): unknown[] => {
  if (route.path === '/api/drafts' && route.method === 'POST') return [validDraft]
  if (route.path === '/api/drafts/:id') return [validDraft, { name: 'Renamed' }, { layers: validDraft.layers }]
  return [{}]
}

const bodyFor = (route: Route, world: World): fc.Arbitrary<Body> => {
  const seeds = seedsFor(route)
  const text = (t: fc.Arbitrary<string>) => t.map((s): Body => ({ kind: 'text', text: s }))
  const nearSeeds = fc
    .constantFrom(...seeds)
    .chain((seed) => mutate(seed).map((value): Body => ({ kind: 'json', value })))
  const usual =
    route.path === '/api/auth/verify' ? verifyBody(world).map((body): Body => ({ kind: 'verify', body })) : nearSeeds
  return fc.oneof(
    { weight: 3, arbitrary: usual },
    fc.oneof(
      fc.constant<Body>({ kind: 'none' }),
      nearSeeds,
      fc.jsonValue().map((value): Body => ({ kind: 'json', value })),
      // Malformed JSON: cut short, or not JSON at all.
      text(
        fc
          .tuple(fc.constantFrom(...seeds), fc.nat(400))
          .map(([seed, cut]) => JSON.stringify(seed).slice(0, Math.max(1, cut % JSON.stringify(seed).length))),
      ),
      text(fc.string({ unit: 'binary', maxLength: 300 })),
      text(fc.constantFrom('{', '[', '"', '{"a":', 'null', 'NaN', '{"name":"\\ud800"}', '\uFEFF{}', '{}{}', ' ')),
      // Huge: a JSON body of 4 KiB to 1 MiB, and one whose length is not declared.
      text(
        fc.integer({ min: 4_000, max: 1_000_000 }).map((n) => JSON.stringify({ ...validDraft, name: 'n'.repeat(n) })),
      ),
      fc.integer({ min: 1, max: 100 }).map((kib): Body => ({ kind: 'stream', kib })),
      fc.uint8Array({ maxLength: 512 }).map((bytes): Body => ({ kind: 'bytes', bytes })),
    ),
  )
}

const cookieFor = (world: World) =>
  often(
    fc.constantFrom(...world.cookies.map((session) => `${session}; ${world.binding}`)),
    fc.constantFrom(...world.cookies),
    absent,
    fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((forged) => `${SESSION_COOKIE}=${forged}`),
    headerValue.map((garbage) => `${SESSION_COOKIE}=${garbage}`),
    headerValue,
    fc
      .tuple(fc.constantFrom(...world.cookies), headerValue)
      .map(([live, other]) => `${other}; ${live}; ${SESSION_COOKIE}=x`),
    fc.integer({ min: 1_000, max: 16_000 }).map((n) => `${SESSION_COOKIE}=${'A'.repeat(n)}`),
    fc.constantFrom(
      `${SESSION_COOKIE}="%"`,
      `${SESSION_COOKIE}=%E0%A4%A`,
      '=; ;=;',
      SESSION_COOKIE,
      `${SESSION_COOKIE}=`,
    ),
  )

const headersFor = (world: World) =>
  fc
    .record({
      'Content-Type': often(
        fc.constant('application/json'),
        absent,
        fc.constantFrom(
          'application/json; charset=utf-8',
          'APPLICATION/JSON',
          'application/merge-patch+json',
          'application/json; charset=latin1',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/',
          ';',
        ),
        headerValue,
      ),
      Origin: often(
        fc.constantFrom(undefined, testOrigin, 'http://127.0.0.1:5173'),
        fc.constantFrom('https://evil.example', 'null', ''),
        headerValue,
      ),
      Cookie: cookieFor(world),
      'X-Forwarded-For': fc.option(
        fc.oneof(
          fc.ipV4(),
          fc.ipV6(),
          fc.array(fc.oneof(fc.ipV4(), fc.ipV6(), headerValue), { maxLength: 4 }).map((hops) => hops.join(', ')),
          headerValue,
        ),
        { nil: undefined },
      ),
      'Accept-Encoding': fc.option(fc.oneof(fc.constantFrom('gzip', 'gzip, br', 'identity;q=0', '*'), headerValue), {
        nil: undefined,
      }),
      Accept: fc.option(fc.oneof(fc.constantFrom('application/json', 'text/html', '*/*'), headerValue), {
        nil: undefined,
      }),
      Range: often(absent, fc.constantFrom('bytes=0-10', 'bytes=-5', 'bytes=999999-', 'bytes=abc')),
    })
    .chain((known) =>
      often(fc.constant({}), fc.dictionary(token, headerValue, { minKeys: 1, maxKeys: 3 })).map((extra) =>
        Object.fromEntries(
          Object.entries({ ...extra, ...known }).filter((entry): entry is [string, string] => entry[1] !== undefined),
        ),
      ),
    )

/** The discovery routes' own parameters, with values right, wrong and extreme, so the indexer's checks are met. */
const discoveryQuery = fc
  .array(
    fc.tuple(
      fc.oneof(
        {
          weight: 5,
          arbitrary: fc.constantFrom('sort', 'night', 'tz', 'completed', 'decorated', 'owner', 'q', 'page'),
        },
        { weight: 3, arbitrary: fc.constantFrom('limit', 'before', 'skyId', 'address', 'by') },
        { weight: 1, arbitrary: token },
      ),
      fc.oneof(
        fc.constantFrom('newest', 'oldest', 'gazes', 'stars', 'recent', 'best', 'completed', 'true', 'false', '1', ''),
        fc.constantFrom('-18000', '50400', '-43201', '900', '#42', '42', 'fuzz.eth', 'nobody.eth', '0x', '99999999999'),
        fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
        addressText([named]),
        shortText,
      ),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => new URLSearchParams(pairs).toString())

const pathFor = (pattern: string, world: World) => {
  const parts = pattern.split('/').filter(Boolean)
  const tail = fc.array(segment, { maxLength: 4 }).map((segments) => segments.join('/'))
  const pieces = parts.map((part) => {
    // The shared pages (a sky's, a draft's) among the web app's paths, with ids of every kind.
    const shared = fc
      .tuple(
        fc.constantFrom('sky', 'draft'),
        fc.oneof(segment, fc.constantFrom(...world.draftIds), fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String)),
      )
      .map(([page, id]) => `${page}/${id}`)
    if (part === '*') return fc.oneof({ weight: 3, arbitrary: tail }, shared)
    if (part === ':address') return fc.oneof({ weight: 2, arbitrary: addressText([named, ...world.accounts]) }, segment)
    if (part === ':skyId' && pattern.startsWith('/api/discovery'))
      return fc.oneof({ weight: 2, arbitrary: fc.bigInt({ min: -1n, max: 2n ** 70n }).map(String) }, segment)
    if (part.startsWith(':')) return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...world.draftIds) }, segment)
    return fc.oneof({ weight: 29, arbitrary: fc.constant(part) }, fc.constant(part.toUpperCase()))
  })
  return fc
    .tuple(
      fc.tuple(...pieces),
      often(fc.constant(''), fc.constantFrom('/', '//', '/.', '/..')),
      pattern.startsWith('/api/discovery')
        ? often(discoveryQuery, absent, shortText.map(encodeURIComponent), fc.constantFrom('a=%zz&b', '=&=&', '%'))
        : often(absent, shortText.map(encodeURIComponent), headerValue, fc.constantFrom('a=%zz&b', '=&=&', '%')),
      fc.constantFrom('http://localhost', 'http://127.0.0.1:8787', 'https://chainellation.example', 'http://[::1]'),
    )
    .map(([pieceValues, ending, query, host]) => {
      const path = `/${pieceValues.join('/')}${ending}`
      return `${host}${path}${query === undefined ? '' : `?${query}`}`
    })
}

const requestFor = (route: Route, world: World): fc.Arbitrary<FuzzRequest> =>
  fc
    .record({
      method:
        route.method === 'ALL'
          ? fc.constantFrom(...METHODS)
          : often(fc.constant(route.method), fc.constantFrom(...METHODS)),
      url: pathFor(route.path, world),
      headers: headersFor(world),
      body: bodyFor(route, world),
    })
    .map((request) => (['GET', 'HEAD'].includes(request.method) ? { ...request, body: { kind: 'none' } } : request))

async function bodyInit(body: Body, world: World): Promise<RequestInit['body']> {
  switch (body.kind) {
    case 'none':
      return undefined
    case 'text':
      return body.text
    case 'json':
      return JSON.stringify(body.value)
    case 'bytes':
      return body.bytes
    case 'stream': {
      const chunk = new TextEncoder().encode('x'.repeat(1024))
      let left = body.kib
      return new ReadableStream({
        pull(controller) {
          if (left-- > 0) controller.enqueue(chunk)
          else controller.close()
        },
      })
    }
    case 'verify': {
      const { message, signing, extra } = body.body
      let signature = 'signature' in signing ? signing.signature : undefined
      if ('by' in signing && typeof message === 'string') {
        const address = message.split('\n')[1]?.toLowerCase()
        const signer =
          signing.by === 'own'
            ? (world.accounts.find((a) => a.address.toLowerCase() === address) ?? world.accounts[0])
            : world.accounts[signing.by]
        signature = await signer?.signMessage({ message })
      }
      return JSON.stringify({ message, signature, ...(extra ? { [extra[0]]: extra[1] } : {}) })
    }
  }
}

const describeRequest = (request: FuzzRequest) =>
  JSON.stringify({ ...request, body: request.body.kind === 'text' ? request.body.text.slice(0, 300) : request.body })

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
