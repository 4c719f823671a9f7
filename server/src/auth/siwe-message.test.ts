// The sign-in message's parser: every message EIP-4361's grammar allows, and the RFC 3986 and 3339 pieces it reads.
import { isIPv6 as nodeIsIPv6 } from 'node:net'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { acceptable, anyFields, dateTime, dropUndefined, messageText, RUNS, rules } from '../../test/siwe-arbitraries'
import { checkSiweMessage } from './siwe'
import { formatSiweMessage, isAuthority, isIPv6, isUri, parseDateTime, parseSiweMessage } from './siwe-message'

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
