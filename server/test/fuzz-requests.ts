// Not imported by the server itself: the API fuzz's requests (src/api-fuzz.test.ts) for each route the app serves,
// as fast-check arbitraries of their method, URL, headers and body, and the body as it is sent.
import { anvilAccount } from '@chainellation/contracts/safe'
import fc from 'fast-check'
import { SESSION_COOKIE } from '../src/auth/session'
import {
  absent,
  addressText,
  headerValue,
  mutate,
  often,
  segment,
  shortText,
  token,
  type VerifyBody,
  verifyBody,
  type World,
} from './fuzz-values'
import { testOrigin } from './sign-in'

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'FOO'] as const

/** An account with a primary name, whose lookups read a name and an avatar. */
export const named = anvilAccount(1)

// ---------------------------------------------------------------------------------------------------------------
// The routes, read from the app itself so that a new one is fuzzed without anyone listing it here.

export type Route = { method: string; path: string }

export const routesOf = (served: { routes: Route[] }): Route[] => [
  ...new Map(served.routes.map(({ method, path }) => [`${method} ${path}`, { method, path }])).values(),
]

export const validDraft = {
  name: 'Orion over the bay',
  chainId: 31337,
  skyId: '42',
  layers: [
    { layer: 1, decorationId: 1, tokenId: '7' },
    { layer: 2, decorationId: 0, tokenId: '0' },
    { layer: 3, decorationId: 65535, tokenId: '18446744073709551615' },
  ],
}

// ---------------------------------------------------------------------------------------------------------------
// Requests.

type Body =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  | { kind: 'json'; value: unknown }
  | { kind: 'verify'; body: VerifyBody }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'stream'; kib: number }

export type FuzzRequest = { method: string; url: string; headers: Record<string, string>; body: Body }

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

export const requestFor = (route: Route, world: World): fc.Arbitrary<FuzzRequest> =>
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

export async function bodyInit(body: Body, world: World): Promise<RequestInit['body']> {
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

export const describeRequest = (request: FuzzRequest) =>
  JSON.stringify({ ...request, body: request.body.kind === 'text' ? request.body.text.slice(0, 300) : request.body })
