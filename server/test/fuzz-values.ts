// Not imported by the server itself: the values the API fuzz (src/api-fuzz.test.ts) builds its requests of, mostly
// as the app expects them with one or two odd parts, and the sign-in messages it posts, from well formed to garbage.
import fc from 'fast-check'
import type { LocalAccount } from 'viem'
import { formatSiweMessage } from '../src/auth/siwe-message'
import { testOrigin } from './sign-in'

// What a player (or an attacker) holds during a route's run: live sessions, drafts, unspent nonces.

/** `binding` is the cookie the unspent nonces are bound to, sent with the sessions' cookies as a browser would. */
export type World = {
  cookies: string[]
  accounts: LocalAccount[]
  draftIds: string[]
  nonces: string[]
  binding: string
}

// ---------------------------------------------------------------------------------------------------------------
// Building blocks.

/**
 * `usual` nine times in ten, else one of `odd`. With each part of a request mostly as the app expects, most
 * requests get past the routing and the Origin check to meet a route's own checks with one or two odd parts.
 */
export const often = <T>(usual: fc.Arbitrary<T>, ...odd: fc.Arbitrary<T>[]) =>
  fc.oneof({ weight: 9, arbitrary: usual }, { weight: 1, arbitrary: fc.oneof(...odd) })

const fromCodes = (min: number, max: number) => fc.integer({ min, max }).map((code) => String.fromCharCode(code))

/** A header value fetch accepts: no NUL, CR or LF, nothing above U+00FF. */
export const headerValue = fc.string({
  unit: fc.oneof(fromCodes(0x20, 0x7e), fromCodes(0x80, 0xff), fc.constant('\t')),
})
export const shortText = fc.string({ unit: 'grapheme', maxLength: 40 })
export const token = fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,24}$/)
const hex = (minBytes: number, maxBytes: number) =>
  fc.uint8Array({ minLength: minBytes, maxLength: maxBytes }).map((bytes) => Buffer.from(bytes).toString('hex'))

/** A path segment: odd encodings, traversal, ids, unicode. */
export const segment = fc.oneof(
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

/** Values near `base`: the value itself, a field replaced, removed, added or changed in depth, another type. */
export function mutate(base: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 3) return anyJson
  if (Array.isArray(base) && base.length > 0) {
    return fc.oneof(
      fc.constant(base),
      fc.nat(base.length - 1).chain((i) => mutate(base[i], depth + 1).map((v) => base.with(i, v))),
      fc.nat(base.length - 1).map((i) => base.toSpliced(i, 1)),
      fc.constant([...base, ...base]),
      anyJson,
    )
  }
  if (typeof base === 'object' && base !== null) {
    const keys = Object.keys(base)
    const entries = base as Record<string, unknown>
    const added = fc.tuple(fc.oneof(token, fc.constant('__proto__')), anyJson).map(([k, v]) => ({ ...entries, [k]: v }))
    if (keys.length === 0) return fc.oneof(fc.constant(base), added, anyJson)
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant(base) },
      fc.constantFrom(...keys).chain((k) => mutate(entries[k], depth + 1).map((v) => ({ ...entries, [k]: v }))),
      fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(entries).filter(([key]) => key !== k))),
      added,
      fc.constant([base]),
      anyJson,
    )
  }
  if (typeof base === 'string')
    return fc.oneof(
      fc.constant(base),
      shortText,
      fc.tuple(fc.nat(base.length), shortText).map(([at, text]) => `${base.slice(0, at)}${text}${base.slice(at)}`),
      fc.integer({ min: 2, max: 2000 }).map((n) => base.repeat(n)),
      anyJson,
    )
  if (typeof base === 'number')
    return fc.oneof(fc.constant(base), fc.integer(), fc.double(), fc.constant(base + 0.5), anyJson)
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
export const addressText = (accounts: LocalAccount[]) =>
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

export const absent = fc.constant(undefined)

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

export const signing = (world: World): fc.Arbitrary<Signing> =>
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

export type VerifyBody = { message: unknown; signing: Signing; extra?: [string, unknown] }

export const verifyBody = (world: World): fc.Arbitrary<VerifyBody> =>
  fc.record({
    message: often(siweText(world), anyJson),
    signing: signing(world),
    extra: often(absent, fc.tuple(token, anyJson)),
  })
