// The sign-in message's parser against mutations of a message this server accepts: each refused, or read the same.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  acceptable,
  fieldLines,
  messageText,
  nonce,
  outOfOrder,
  pad,
  RUNS,
  refusal,
  rules,
} from '../../test/siwe-arbitraries'
import { checkSiweMessage } from './siwe'
import { siweErrors } from './siwe-message'

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
