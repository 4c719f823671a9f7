import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { checkSiweMessage, type SiweRules } from './siwe'
import { siweErrors } from './siwe-message'

const now = new Date('2026-03-01T21:00:00Z')
const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const rules: SiweRules = {
  origins: ['http://localhost:5173', 'https://chainellation.example'],
  chains: new Map([
    [11155111, 'Sepolia'],
    [31337, 'Anvil'],
  ]),
  now,
  maxAgeMs: 10 * 60_000,
}

const message = (fields: Partial<SiweMessage> = {}) =>
  createSiweMessage({
    domain: 'chainellation.example',
    uri: 'https://chainellation.example',
    address,
    chainId: 11155111,
    nonce: '0123456789abcdef0123456789abcdef',
    issuedAt: now,
    version: '1',
    ...fields,
  })

describe('checkSiweMessage', () => {
  it('accepts a message for a configured origin and chain, with its fields', () => {
    expect(checkSiweMessage(message(), rules)).toEqual({
      ok: true,
      siwe: { address, chainId: 11155111, domain: 'chainellation.example', nonce: '0123456789abcdef0123456789abcdef' },
    })
  })

  it('refuses a lower-case address: EIP-4361 asks for the EIP-55 form, which it has not', () => {
    expect(checkSiweMessage(message().replace(address, address.toLowerCase()), rules)).toEqual({
      ok: false,
      status: 400,
      error: 'The message’s address must be written with its mixed-case checksum (EIP-55), not in a single case.',
    })
  })

  it('accepts a matching scheme and returns it', () => {
    expect(checkSiweMessage(message({ scheme: 'https' }), rules)).toMatchObject({ ok: true, siwe: { scheme: 'https' } })
  })

  it('names every configured chain when refusing another', () => {
    expect(checkSiweMessage(message({ chainId: 10 }), rules)).toEqual({
      ok: false,
      status: 422,
      error: 'Sign-in on chain 10 is not supported; use Sepolia (11155111) or Anvil (31337).',
    })
  })

  it.each<[string, string, 400 | 401, RegExp]>([
    [
      'a domain spelling out the default port',
      message().replace(/^chainellation\.example /, 'chainellation.example:443 '),
      401,
      /not this one/,
    ],
    ['version 2', message().replace('Version: 1', 'Version: 2'), 400, /Only version 1/],
    ['a nonce shorter than 8 characters', message().replace(/Nonce: .*/, 'Nonce: abc123'), 400, /not a valid/],
    ['a missing Issued At', message().replace(/\nIssued At: .*/, ''), 400, /not a Sign-In/],
    ['a missing URI', message().replace(/URI: .*\n/, ''), 400, /not a Sign-In/],
    ['an Expiration Time that is not a time', `${message()}\nExpiration Time: tomorrow`, 400, /Expiration Time is not/],
    ['a Not Before that is not a time', `${message()}\nNot Before: 2026-03-01`, 400, /Not Before is not/],
    ['a URI that is not a URL', message().replace(/URI: .*/, 'URI: chainellation'), 401, /URI is not an address/],
    [
      'an address whose mixed-case checksum is wrong',
      message().replace(address, address.replace('C51812', 'c51812')),
      400,
      /checksum \(EIP-55\) is wrong/,
    ],
  ])('refuses %s', (_, text, status, error) => {
    expect(checkSiweMessage(text, rules)).toMatchObject({ ok: false, status, error: expect.stringMatching(error) })
  })

  it('measures the age limit from the server clock, with a minute of skew either way', () => {
    const at = (ms: number) => checkSiweMessage(message({ issuedAt: new Date(now.getTime() + ms) }), rules).ok
    expect([at(60_000), at(60_001)]).toEqual([true, false])
    expect([at(-11 * 60_000), at(-11 * 60_000 - 1)]).toEqual([true, false])
  })

  it('refuses a message at its Expiration Time and accepts it at its Not Before', () => {
    expect(checkSiweMessage(message({ expirationTime: now }), rules)).toMatchObject({ ok: false, status: 401 })
    expect(checkSiweMessage(message({ notBefore: now }), rules)).toMatchObject({ ok: true })
  })
})

/** The lines of {@link message}'s text, for tests that move them about. */
const lines = (fields: Partial<SiweMessage> = {}) => message(fields).split('\n')
const at = (ms: number) => new Date(now.getTime() + ms).toISOString()
const past = at(-60_000)
const refused = (error: string) => ({ ok: false, status: 400, error })

describe('checkSiweMessage: attacks on the layout', () => {
  it.each<[string, string, string]>([
    [
      'a past Expiration Time after Not Before',
      `${message({ notBefore: now })}\nExpiration Time: ${past}`,
      siweErrors.order('Expiration Time'),
    ],
    [
      'a past Expiration Time after a blank line at the end',
      `${message()}\n\nExpiration Time: ${past}`,
      siweErrors.order('Expiration Time'),
    ],
    [
      'a past Expiration Time after the resources',
      `${message({ resources: ['https://chainellation.example/sky'] })}\nExpiration Time: ${past}`,
      siweErrors.order('Expiration Time'),
    ],
    [
      'Not Before before Issued At',
      lines({ notBefore: now }).toSpliced(-1, 1).toSpliced(-1, 0, `Not Before: ${now.toISOString()}`).join('\n'),
      siweErrors.order('Not Before'),
    ],
    [
      'Request ID before Expiration Time',
      `${message({ requestId: 'r1' })}\nExpiration Time: ${at(60_000)}`,
      siweErrors.order('Expiration Time'),
    ],
    [
      'Resources before Request ID',
      `${message({ resources: ['https://chainellation.example/'] })}\nRequest ID: r1`,
      siweErrors.order('Request ID'),
    ],
    ['Version before URI', message().replace(/(URI: .*)\n(Version: 1)/, '$2\n$1'), siweErrors.order('Version')],
    ['a repeated Nonce', message().replace(/(Nonce: .*)/, '$1\nNonce: ffffffffffffffff'), siweErrors.order('Nonce')],
    ['a repeated Chain ID', `${message()}\nChain ID: 31337`, siweErrors.order('Chain ID')],
    [
      'a repeated Expiration Time',
      `${message({ expirationTime: new Date(now.getTime() + 60_000) })}\nExpiration Time: ${past}`,
      siweErrors.order('Expiration Time'),
    ],
    ['a blank line at the end', `${message()}\n`, siweErrors.trailing],
    ['a CR LF at the end', `${message()}\r\n`, siweErrors.issuedAt],
    ['CR LF line ends', message().replaceAll('\n', '\r\n'), siweErrors.notSiwe],
    ['a second message after the first', `${message()}\n\n${message()}`, siweErrors.order('URI')],
  ])('refuses %s', (_, text, error) => {
    expect(checkSiweMessage(text, rules)).toEqual(refused(error))
  })

  it('refuses a statement that holds a whole field block of its own, whose nonce and chain it would have used', () => {
    // Read leniently, the first block wins: nonce and chain chosen by whoever wrote the statement.
    const injected = [
      'Sign in to chainellation.',
      '',
      'URI: https://chainellation.example',
      'Version: 1',
      'Chain ID: 31337',
      'Nonce: attackerchosennonce',
      `Issued At: ${now.toISOString()}`,
    ].join('\n')
    const text = message({ statement: 'PLACEHOLDER' }).replace('PLACEHOLDER', injected)
    expect(checkSiweMessage(text, rules)).toEqual(refused(siweErrors.order('URI')))
  })

  it.each([
    ['a line feed', 'Sign in\nto chainellation.'],
    ['a carriage return', 'Sign in\rto chainellation.'],
    ['a CR LF', 'Sign in\r\nto chainellation.'],
    ['a line separator (U+2028)', 'Sign in\u2028to chainellation.'],
    ['a paragraph separator (U+2029)', 'Sign in\u2029to chainellation.'],
    ['a letter outside ASCII', 'Connexion à chainellation.'],
    ['an emoji', 'Sign in 🌌'],
    ['a tab', 'Sign\tin'],
    ['a double quote, outside RFC 3986’s reserved and unreserved characters', 'Sign in to "chainellation".'],
    ['a percent sign', 'Sign in to 100% of it.'],
  ])('refuses a statement with %s', (_, statement) => {
    const text = message({ statement: 'PLACEHOLDER' }).replace('PLACEHOLDER', statement)
    expect(checkSiweMessage(text, rules)).toEqual(refused(siweErrors.statement))
  })

  it('accepts a statement of every character EIP-4361 allows, and an empty one', () => {
    const all = "Sign in: A-Z a-z 0-9 -._~ :/?#[]@ !$&'()*+,;="
    expect(checkSiweMessage(message({ statement: 'X' }).replace('X', all), rules)).toMatchObject({ ok: true })
    expect(checkSiweMessage(message({ statement: 'X' }).replace('X', ''), rules)).toMatchObject({ ok: true })
  })

  it.each([
    ['a resource that is not a URI', ['https://chainellation.example', 'not a uri']],
    ['a relative reference', ['/sky/1']],
    ['two resources on one line', ['https://a.example https://b.example']],
    ['a resource with a character outside RFC 3986', ['https://chainellation.example/é']],
  ])('refuses %s', (_, resources) => {
    const text = message({ resources: ['https://PLACEHOLDER'] }).replace('https://PLACEHOLDER', resources.join('\n- '))
    expect(checkSiweMessage(text, rules)).toEqual(refused(siweErrors.resources))
  })

  it.each([
    ['without its “- ”', `${message()}\nResources:\nhttps://chainellation.example`],
    ['after a “-” without a space', `${message()}\nResources:\n-https://chainellation.example`],
    ['on the Resources line itself', `${message()}\nResources: https://chainellation.example`],
    ['followed by a blank line', `${message({ resources: ['https://chainellation.example'] })}\n`],
  ])('refuses a resource %s', (_, text) => {
    expect(checkSiweMessage(text, rules)).toEqual(refused(siweErrors.resources))
  })

  it.each<[string, 'issuedAt' | 'expirationTime' | 'notBefore', string]>([
    // Read as 1 March by Date: valid, and current, if no one checks the calendar.
    ['Issued At on 29 February of a common year', 'issuedAt', '2026-02-29T21:00:00Z'],
    ['Issued At on 31 February', 'issuedAt', '2022-02-31T12:00:00Z'],
    // Read as 3 March, in the future: an expiry that never comes for two days.
    ['Expiration Time on 31 February', 'expirationTime', '2026-02-31T21:00:00Z'],
    ['Not Before on 29 February of a common year', 'notBefore', '2026-02-29T20:00:00Z'],
    ['Not Before on 31 April', 'notBefore', '2026-04-31T00:00:00Z'],
    ['Expiration Time at hour 24', 'expirationTime', '2026-03-01T24:00:00Z'],
    ['Issued At with an offset of 24 hours', 'issuedAt', '2026-03-01T21:00:00+24:00'],
    ['Issued At without its time zone', 'issuedAt', '2026-03-01T21:00:00'],
    ['Issued At with a space for the T', 'issuedAt', '2026-03-01 21:00:00Z'],
  ])('refuses %s', (_, field, value) => {
    const text = `${message({ [field]: now })}`.replace(
      new RegExp(
        `(${{ issuedAt: 'Issued At', expirationTime: 'Expiration Time', notBefore: 'Not Before' }[field]}): .*`,
      ),
      `$1: ${value}`,
    )
    expect(checkSiweMessage(text, rules)).toEqual(refused(siweErrors[field]))
  })

  it('accepts RFC 3339 times without milliseconds, with offsets, and in lower case', () => {
    const text = message({ notBefore: now, expirationTime: now })
      .replace(/Issued At: .*/, 'Issued At: 2026-03-01T22:00:00+01:00')
      .replace(/Expiration Time: .*/, 'Expiration Time: 2026-03-01t21:00:01.5z')
      .replace(/Not Before: .*/, 'Not Before: 2026-03-01T21:00:00-00:00')
    expect(checkSiweMessage(text, rules)).toMatchObject({ ok: true })
  })
})

describe('checkSiweMessage: domains RFC 3986 allows', () => {
  const ipv6: SiweRules = { ...rules, origins: [...rules.origins, 'http://[::1]:8080'] }

  it('accepts an IPv6 literal that is one of the origins, with its URI', () => {
    // viem's createSiweMessage refuses such a domain, so it is written in by hand.
    const text = message({ uri: 'http://[::1]:8080/', chainId: 31337 }).replace(
      /^chainellation\.example /,
      '[::1]:8080 ',
    )
    expect(checkSiweMessage(text, ipv6)).toMatchObject({
      ok: true,
      siwe: { domain: '[::1]:8080', chainId: 31337 },
    })
  })

  it.each([
    ['an IPv6 literal that is not one of the origins', '[::1]:8080', rules],
    ['another spelling of an origin’s IPv6 address', '[0:0:0:0:0:0:0:1]:8080', ipv6],
    ['userinfo before an origin’s host', 'user@chainellation.example', rules],
    ['userinfo with a password before an origin’s host', 'user:pass@[::1]:8080', ipv6],
    ['an origin’s host in upper case', 'CHAINELLATION.EXAMPLE', rules],
  ])('refuses %s with the domain sentence', (_, domain, withRules) => {
    const text = message().replace(/^chainellation\.example /, `${domain} `)
    expect(checkSiweMessage(text, withRules)).toEqual({
      ok: false,
      status: 401,
      error: `The message is for the site ${domain}, not this one.`,
    })
  })

  it.each([
    ['a space', 'chainellation .example'],
    ['two @', 'a@b@chainellation.example'],
    ['an unclosed IPv6 literal', '[::1:8080'],
    ['an IPv6 literal with too many pieces', '[1:2:3:4:5:6:7:8:9]'],
    ['a port that is not a number', 'chainellation.example:https'],
    ['a path', 'chainellation.example/login'],
  ])('refuses a domain with %s as no authority', (_, domain) => {
    const text = message().replace(/^chainellation\.example /, `${domain} `)
    expect(checkSiweMessage(text, rules)).toEqual(refused(siweErrors.domain))
  })

  it('refuses a URI that WHATWG URL parsing would tidy into an origin of ours', () => {
    for (const uri of [
      'https://chainellation\t.example',
      'https:\\\\chainellation.example',
      'https:chainellation.example',
    ]) {
      const text = message().replace(/URI: .*/, `URI: ${uri}`)
      expect(checkSiweMessage(text, rules), uri).toMatchObject({
        ok: false,
        status: 401,
        error: expect.stringMatching(/URI is not an address/),
      })
    }
  })
})
