import { isIPv6 as nodeIsIPv6 } from 'node:net'
import fc from 'fast-check'
import { bytesToHex, getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { checkSiweMessage, type SiweRules } from './siwe'
import {
  formatSiweMessage,
  isAuthority,
  isIPv6,
  isUri,
  parseDateTime,
  parseSiweMessage,
  type SiweFields,
  siweErrors,
} from './siwe-message'

const RUNS = 300
const now = new Date('2026-03-01T21:00:00Z')
const MAX_AGE_MS = 10 * 60_000
const rules: SiweRules = {
  origins: ['https://chainellation.example', 'http://127.0.0.1:5173', 'http://[::1]:8080'],
  chains: new Map([
    [11155111, 'Sepolia'],
    [31337, 'Anvil'],
  ]),
  now,
  maxAgeMs: MAX_AGE_MS,
}

/** EIP-4361's informal template, written out here rather than borrowed from the code under test. */
function messageText(f: SiweFields): string {
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

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

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
const dateTime = (min: number, max: number) =>
  fc.tuple(fc.integer({ min, max }), writing).map(([ms, w]) => {
    const instant = new Date(w.withMs ? ms : ms - (((ms % 1000) + 1000) % 1000))
    const fraction = w.withMs ? `${pad(instant.getUTCMilliseconds(), 3)}${w.extraDigits}` : ''
    return { instant, text: rfc3339(instant, { offset: w.offset, fraction, lower: w.lower, utc: w.utc }) }
  })

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(bytesToHex(bytes)))
/** EIP-4361: `statement = *( reserved / unreserved / " " )`. */
const statement = fc.stringMatching(/^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]{0,60}$/)
const nonce = fc.stringMatching(/^[A-Za-z0-9]{8,40}$/)
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
const dropUndefined = <T extends object>(object: T) =>
  Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T

/** Any message the grammar allows: every optional part present or absent, odd but valid domains and URIs. */
const anyFields: fc.Arbitrary<SiweFields> = fc
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
const acceptable = fc
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
const fieldLines = (text: string) =>
  text
    .split('\n')
    .map((line, i) => (TAG.test(line) ? i : -1))
    .filter((i) => i >= 0)

const refusal = (error: string | RegExp) => ({
  ok: false,
  status: 400,
  error: typeof error === 'string' ? error : expect.stringMatching(error),
})
const outOfOrder = /^The message’s [A-Za-z ]+ line is repeated or out of place: EIP-4361 fields come once each/

describe('parseSiweMessage: what the grammar allows', () => {
  it('reads every message the grammar allows into its fields, and writes them back byte for byte', () => {
    fc.assert(
      fc.property(anyFields, (fields) => {
        const text = messageText(fields)
        const parsed = parseSiweMessage(text)
        expect(parsed).toEqual({ ok: true, fields })
        expect(formatSiweMessage(fields)).toBe(text)
      }),
      { numRuns: RUNS },
    )
  })

  it('accepts every message for one of its origins and chains, valid now, with its fields', () => {
    fc.assert(
      fc.property(acceptable, ({ fields, text }) => {
        expect(checkSiweMessage(text, rules)).toEqual({
          ok: true,
          siwe: dropUndefined({
            address: fields.address,
            chainId: Number(fields.chainId),
            domain: fields.domain,
            nonce: fields.nonce,
            scheme: fields.scheme,
          }),
        })
      }),
      { numRuns: RUNS },
    )
  })

  it('refuses a domain with userinfo with the domain sentence, though its host is ours', () => {
    const userinfo = fc.stringMatching(/^(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-F]{2}){0,20}$/)
    fc.assert(
      fc.property(acceptable, userinfo, ({ fields }, user) => {
        const domain = `${user}@${fields.domain}`
        expect(checkSiweMessage(messageText({ ...fields, domain }), rules)).toEqual({
          ok: false,
          status: 401,
          error: `The message is for the site ${domain}, not this one.`,
        })
      }),
      { numRuns: RUNS },
    )
  })

  it('reads RFC 3339 date-times in any offset, precision and case as the instant they name', () => {
    fc.assert(
      fc.property(dateTime(-30_000_000_000_000, 200_000_000_000_000), ({ instant, text }) => {
        expect(parseDateTime(text)?.toISOString()).toBe(instant.toISOString())
      }),
      { numRuns: RUNS },
    )
  })

  it('agrees with Node on which texts are IPv6 addresses', () => {
    const candidate = fc.oneof(fc.ipV6(), fc.stringMatching(/^[0-9a-fA-F:.]{0,24}$/))
    fc.assert(
      fc.property(candidate, (text) => {
        expect(isIPv6(text)).toBe(nodeIsIPv6(text))
      }),
      { numRuns: RUNS },
    )
  })
})

describe('parseSiweMessage: mutations of an acceptable message', () => {
  it('refuses two field lines swapped, naming a field out of place', () => {
    const swapped = acceptable.chain(({ text }) => {
      const lines = fieldLines(text)
      return fc
        .tuple(fc.constantFrom(...lines), fc.constantFrom(...lines))
        .filter(([a, b]) => a !== b)
        .map(([a, b]) => {
          const all = text.split('\n')
          ;[all[a], all[b]] = [all[b] as string, all[a] as string]
          return all.join('\n')
        })
    })
    fc.assert(
      fc.property(swapped, (text) => {
        expect(checkSiweMessage(text, rules)).toEqual(refusal(outOfOrder))
      }),
      { numRuns: RUNS },
    )
  })

  it('refuses a field line repeated anywhere after the statement, naming a field', () => {
    const repeated = acceptable.chain(({ text }) => {
      const lines = fieldLines(text)
      const first = lines[0] as number
      const count = text.split('\n').length
      return fc
        .tuple(fc.constantFrom(...lines), fc.integer({ min: first, max: count }))
        .map(([line, at]) => text.split('\n').toSpliced(at, 0, text.split('\n')[line] as string))
        .map((all) => all.join('\n'))
    })
    fc.assert(
      fc.property(repeated, (text) => {
        expect(checkSiweMessage(text, rules)).toEqual(refusal(outOfOrder))
      }),
      { numRuns: RUNS },
    )
  })

  it('refuses field lines injected into the statement, on their own or as a whole second block', () => {
    const words = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 .,]{0,30}$/)
    const injected = fc
      .tuple(acceptable, words, nonce, fc.constantFrom('1', '31337', '11155111'), fc.boolean())
      .map(([{ fields }, words, otherNonce, otherChain, wholeBlock]) => {
        const block = [
          `URI: ${fields.uri}`,
          'Version: 1',
          `Chain ID: ${otherChain}`,
          `Nonce: ${otherNonce}`,
          `Issued At: ${fields.issuedAt}`,
        ].join('\n')
        const text = messageText({ ...fields, statement: `${words}\n${wholeBlock ? `\n${block}` : block}` })
        return { text, wholeBlock }
      })
    fc.assert(
      fc.property(injected, ({ text, wholeBlock }) => {
        // A blank line makes the injected block the fields, and the real ones a repetition; without one the
        // statement runs over several lines.
        expect(checkSiweMessage(text, rules)).toEqual(
          refusal(wholeBlock ? siweErrors.order('URI') : siweErrors.statement),
        )
      }),
      { numRuns: RUNS },
    )
  })

  it('refuses a statement holding a line break or a character outside its grammar', () => {
    const forbidden = fc.oneof(
      fc.constantFrom(
        '\n',
        '\r',
        '\u2028',
        '\u2029',
        '\u0085',
        '\t',
        '\0',
        '"',
        '%',
        '<',
        '\\',
        '^',
        '`',
        '{',
        '|',
        '}',
        'é',
      ),
      fc.integer({ min: 0x80, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
      fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
    )
    const words = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 .,]{1,30}$/)
    const bad = fc.tuple(acceptable, words, forbidden, fc.nat()).map(([{ fields }, words, ch, at]) => {
      // A line feed only breaks the statement when text follows it; at the end it leaves a stray blank line.
      const cut = ch === '\n' ? 1 + (at % (words.length - 1)) : at % (words.length + 1)
      return messageText({ ...fields, statement: `${words.slice(0, cut)}${ch}${words.slice(cut)}` })
    })
    fc.assert(
      fc.property(bad, (text) => {
        expect(checkSiweMessage(text, rules)).toEqual(refusal(siweErrors.statement))
      }),
      { numRuns: RUNS },
    )
  })

  it('refuses a date that no calendar has, in each of the three times', () => {
    const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()
    const impossible = fc.oneof(
      fc
        .tuple(fc.integer({ min: 1970, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.nat(30))
        .filter(([y, m, d]) => daysIn(y, m) < 31 && d > 0)
        .map(([y, m, d]) => `${y}-${pad(m)}-${pad(daysIn(y, m) + 1 + (d % (31 - daysIn(y, m))))}T12:00:00Z`),
      fc.integer({ min: 13, max: 99 }).map((m) => `2026-${pad(m)}-01T12:00:00Z`),
      fc.constantFrom(
        '2026-00-10T12:00:00Z',
        '2026-03-00T12:00:00Z',
        '2022-02-31T12:00:00Z',
        '2026-02-29T12:00:00Z',
        '2100-02-29T12:00:00Z',
        '2026-04-31T12:00:00Z',
        '2026-03-01T24:00:00Z',
        '2026-03-01T12:60:00Z',
        '2026-03-01T12:00:61Z',
        '2026-03-01T12:00:60Z',
        '2026-03-30T23:59:60Z',
        '2026-03-01T12:00:00+24:00',
        '2026-03-01T12:00:00+01:60',
        '2026-03-01 12:00:00Z',
        '2026-03-01T12:00Z',
        '2026-03-01T12:00:00',
        '2026-03-01T12:00:00.Z',
        '+02026-03-01T12:00:00Z',
        '2026-3-1T12:00:00Z',
        '2026-03-01T12:00:00+0100',
      ),
    )
    const field = fc.constantFrom('issuedAt', 'expirationTime', 'notBefore') as fc.Arbitrary<
      'issuedAt' | 'expirationTime' | 'notBefore'
    >
    fc.assert(
      fc.property(acceptable, field, impossible, ({ fields }, key, when) => {
        expect(checkSiweMessage(messageText({ ...fields, [key]: when }), rules)).toEqual(refusal(siweErrors[key]))
      }),
      { numRuns: RUNS },
    )
  })

  it('refuses an address in a single case, which carries no EIP-55 checksum', () => {
    fc.assert(
      fc.property(acceptable, fc.boolean(), ({ fields }, upper) => {
        const digits = fields.address.slice(2)
        const written = `0x${upper ? digits.toUpperCase() : digits.toLowerCase()}`
        fc.pre(written !== fields.address)
        const text = messageText({ ...fields, address: written as `0x${string}` })
        expect(checkSiweMessage(text, rules)).toEqual(refusal(siweErrors.addressNoChecksum))
      }),
      { numRuns: RUNS },
    )
  })
})

describe('RFC 3986 pieces', () => {
  it.each([
    ['user@host:8080', true],
    ['user:pass@[::1]:8080', true],
    ['[v7.fe80::1+eth0]', true],
    ['[::ffff:192.0.2.1]', true],
    ['%41b.example', true],
    ['', true],
    ['host:', true],
    ['a@b@c', false],
    ['[::1', false],
    ['[::1]x', false],
    ['[fe80::1%25eth0]', false],
    ['host:80a', false],
    ['ho st', false],
    ['host/path', false],
    ['%4', false],
  ])('authority %j is %s', (text, valid) => {
    expect(isAuthority(text)).toBe(valid)
  })

  it.each([
    ['https://chainellation.example', true],
    ['urn:isbn:0451450523', true],
    ['http://[::1]:8080/a?b=c#d', true],
    ['a:', true],
    ['//chainellation.example', false],
    ['chainellation', false],
    ['1http://x', false],
    ['http://local\thost', false],
    ['http:\\\\host', false],
    ['https://x/ y', false],
    ['https://x/%zz', false],
    ['https://x/#a#b', false],
    ['https://é.example', false],
  ])('URI %j is %s', (text, valid) => {
    expect(isUri(text)).toBe(valid)
  })

  it('reads a leap second only where one can fall, as the last millisecond of its day', () => {
    expect(parseDateTime('2016-12-31T23:59:60Z')?.toISOString()).toBe('2016-12-31T23:59:59.999Z')
    expect(parseDateTime('2017-01-01T00:59:60+01:00')?.toISOString()).toBe('2016-12-31T23:59:59.999Z')
    expect(parseDateTime('2016-12-31T22:59:60Z')).toBeNull()
    expect(parseDateTime('2016-12-30T23:59:60Z')).toBeNull()
  })

  it('reads years before 100 as themselves', () => {
    expect(parseDateTime('0042-01-01T00:00:00Z')?.getUTCFullYear()).toBe(42)
  })
})
