// Not imported by the server itself: the sign-in messages the message parser's tests (src/auth/siwe-message*.test.ts)
// are made of, as fast-check arbitraries: any message EIP-4361's grammar allows, and those this server accepts.
import fc from 'fast-check'
import { bytesToHex, getAddress } from 'viem'
import { expect } from 'vitest'
import type { SiweRules } from '../src/auth/siwe'
import type { SiweFields } from '../src/auth/siwe-message'

export const RUNS = 300
const now = new Date('2026-03-01T21:00:00Z')
const MAX_AGE_MS = 10 * 60_000
export const rules: SiweRules = {
  origins: ['https://chainellation.example', 'http://127.0.0.1:5173', 'http://[::1]:8080'],
  chains: new Map([
    [11155111, 'Sepolia'],
    [31337, 'Anvil'],
  ]),
  now,
  maxAgeMs: MAX_AGE_MS,
}

/** EIP-4361's informal template, written out here rather than borrowed from the code under test. */
export function messageText(f: SiweFields): string {
  let text = `${f.scheme ? `${f.scheme}://` : ''}${f.domain} wants you to sign in with your Ethereum account:\n`
  text += `${f.address}\n\n`
  if (f.statement !== undefined) text += `${f.statement}\n`
  text += '\n'
  text += `URI: ${f.uri}\nVersion: ${f.version}\nChain ID: ${f.chainId}\nNonce: ${f.nonce}\nIssued At: ${f.issuedAt}`
  if (f.expirationTime !== undefined) text += `\nExpiration Time: ${f.expirationTime}`
  if (f.notBefore !== undefined) text += `\nNot Before: ${f.notBefore}`
  if (f.requestId !== undefined) text += `\nRequest ID: ${f.requestId}`
  if (f.resources !== undefined) text += `\nResources:${f.resources.map((r) => `\n- ${r}`).join('')}`
  return text
}

export const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** `instant` written as an RFC 3339 date-time in a time zone `offset` minutes east of UTC. */
function rfc3339(instant: Date, { offset = 0, fraction = '', lower = false, utc = 'Z' } = {}) {
  const local = new Date(instant.getTime() + offset * 60_000)
  const date = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`
  const zone =
    offset === 0
      ? utc
      : `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  const text = `${date}T${time}${fraction ? `.${fraction}` : ''}${zone}`
  return lower ? text.replace('T', 't').replace('Z', 'z') : text
}

/** How a date-time may be written: any offset a zone can have, with or without fractions, T and Z in either case. */
const writing = fc.record({
  offset: fc.oneof(fc.constant(0), fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 })),
  // RFC 3339 §4.3: -00:00 says the local offset is unknown; the instant is the same.
  utc: fc.constantFrom('Z', '+00:00', '-00:00'),
  lower: fc.boolean(),
  extraDigits: fc.stringMatching(/^[0-9]{0,6}$/),
  withMs: fc.boolean(),
})
/** An instant (whole milliseconds) and one way of writing it exactly. */
export const dateTime = (min: number, max: number) =>
  fc.tuple(fc.integer({ min, max }), writing).map(([ms, w]) => {
    const instant = new Date(w.withMs ? ms : ms - (((ms % 1000) + 1000) % 1000))
    const fraction = w.withMs ? `${pad(instant.getUTCMilliseconds(), 3)}${w.extraDigits}` : ''
    return { instant, text: rfc3339(instant, { offset: w.offset, fraction, lower: w.lower, utc: w.utc }) }
  })

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(bytesToHex(bytes)))
/** EIP-4361: `statement = *( reserved / unreserved / " " )`. */
const statement = fc.stringMatching(/^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]{0,60}$/)
export const nonce = fc.stringMatching(/^[A-Za-z0-9]{8,40}$/)
const pchars = fc.stringMatching(/^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2}){0,30}$/)
const authority = fc.webAuthority({ withIPv4: true, withIPv6: true, withUserInfo: true, withPort: true })
const uri = fc.oneof(
  fc.webUrl({
    validSchemes: ['https', 'http', 'ipfs', 'git+ssh'],
    authoritySettings: { withIPv4: true, withIPv6: true, withUserInfo: true, withPort: true },
    withQueryParameters: true,
    withFragments: true,
  }),
  fc.constantFrom(
    'urn:isbn:0451450523',
    'mailto:someone@chainellation.example',
    'did:pkh:eip155:1:0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
    'file:///etc/hosts',
    'tag:chainellation.example,2026:sky',
  ),
)
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined })
export const dropUndefined = <T extends object>(object: T) =>
  Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T

/** Any message the grammar allows: every optional part present or absent, odd but valid domains and URIs. */
export const anyFields: fc.Arbitrary<SiweFields> = fc
  .record({
    scheme: optional(fc.stringMatching(/^[A-Za-z][A-Za-z0-9+.-]{0,8}$/)),
    domain: authority,
    address,
    statement: optional(statement),
    uri,
    chainId: fc.oneof(fc.nat().map(String), fc.stringMatching(/^[0-9]{1,30}$/)),
    nonce,
    issuedAt: dateTime(-30_000_000_000_000, 200_000_000_000_000),
    expirationTime: optional(dateTime(-30_000_000_000_000, 200_000_000_000_000)),
    notBefore: optional(dateTime(-30_000_000_000_000, 200_000_000_000_000)),
    requestId: optional(pchars),
    resources: optional(fc.array(uri, { maxLength: 4 })),
  })
  .map((f) =>
    dropUndefined({
      ...f,
      version: '1',
      issuedAt: f.issuedAt.text,
      expirationTime: f.expirationTime?.text,
      notBefore: f.notBefore?.text,
    }),
  )

/** A message this server accepts: for one of its origins and chains, issued and valid now. */
export const acceptable = fc
  .record({
    origin: fc.constantFrom(...rules.origins),
    withScheme: fc.boolean(),
    path: fc.constantFrom('', '/', '/mint', '/sky/1?layer=2#top'),
    address,
    statement: optional(statement),
    chainId: fc.constantFrom('11155111', '31337'),
    nonce,
    issuedAt: dateTime(now.getTime() - MAX_AGE_MS, now.getTime()),
    expirationTime: optional(dateTime(now.getTime() + 1000, now.getTime() + 365 * 86_400_000)),
    notBefore: optional(dateTime(now.getTime() - 365 * 86_400_000, now.getTime())),
    requestId: optional(pchars),
    resources: optional(fc.array(uri, { maxLength: 3 })),
  })
  .map(({ origin, withScheme, path, ...f }) => {
    const url = new URL(origin)
    const fields = dropUndefined<SiweFields>({
      ...f,
      scheme: withScheme ? url.protocol.slice(0, -1) : undefined,
      domain: url.host,
      uri: `${origin}${path}`,
      version: '1',
      issuedAt: f.issuedAt.text,
      expirationTime: f.expirationTime?.text,
      notBefore: f.notBefore?.text,
    })
    return { fields, text: messageText(fields) }
  })

const TAG = /^(URI: |Version: |Chain ID: |Nonce: |Issued At: |Expiration Time: |Not Before: |Request ID: |Resources:)/
/** The indices of a message's field lines (not its resources' lines). */
export const fieldLines = (text: string) =>
  text
    .split('\n')
    .map((line, i) => (TAG.test(line) ? i : -1))
    .filter((i) => i >= 0)

export const refusal = (error: string | RegExp) => ({
  ok: false,
  status: 400,
  error: typeof error === 'string' ? error : expect.stringMatching(error),
})
export const outOfOrder = /^The message’s [A-Za-z ]+ line is repeated or out of place: EIP-4361 fields come once each/
