import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { checkSiweMessage, type SiweRules } from './siwe'

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

  it('gives the checksummed address of a lower-case one', () => {
    const check = checkSiweMessage(message().replace(address, address.toLowerCase()), rules)
    expect(check).toMatchObject({ ok: true, siwe: { address } })
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
