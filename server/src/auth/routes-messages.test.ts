// The sign-in routes' checks of the message signed, and of requests that are not what the page sends.

import type { LocalAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { SiweMessage } from 'viem/siwe'
import { beforeAll, describe, expect, it } from 'vitest'
import { errorOf, getNonce, MINUTE, type Setup, signIn, useAuthApps, verify } from '../../test/auth-app'
import { messageFor } from '../../test/sign-in'
import { MAX_BODY_BYTES } from './routes'

const auth = useAuthApps()
const { setup } = auth

describe('message checks', () => {
  const refused: [string, (s: Setup) => Partial<SiweMessage>, number, RegExp][] = [
    ['a foreign domain', () => ({ domain: 'evil.example' }), 401, /for the site evil\.example, not this one/],
    ['a domain with another port', () => ({ domain: 'localhost:8080' }), 401, /not this one/],
    ['a URI on another origin', () => ({ uri: 'http://127.0.0.1:5173' }), 401, /URI is not an address of/],
    ['a URI on https for an http origin', () => ({ uri: 'https://localhost:5173/' }), 401, /URI is not an address/],
    ['a scheme unlike the origin’s', () => ({ scheme: 'https' }), 401, /scheme does not match/],
    ['a chain sign-in is not open on', () => ({ chainId: 1 }), 422, /chain 1 is not supported.*Sepolia \(11155111\)/],
    ['an expired message', (s) => ({ expirationTime: new Date(s.now().getTime() - 1) }), 401, /has expired/],
    ['a message not valid yet', (s) => ({ notBefore: new Date(s.now().getTime() + MINUTE) }), 401, /not valid yet/],
    ['an Issued At in the future', (s) => ({ issuedAt: new Date(s.now().getTime() + 2 * MINUTE) }), 401, /future/],
    [
      'an Issued At too long ago',
      (s) => ({ issuedAt: new Date(s.now().getTime() - 12 * MINUTE) }),
      401,
      /too long ago/,
    ],
  ]
  it.each(refused)('refuses %s', async (_, fields, status, error) => {
    const s = setup()
    const { res } = await signIn(s, fields(s))
    expect(res.status).toBe(status)
    expect(await errorOf(res)).toMatch(error)
  })

  it('accepts a message within its Not Before and Expiration Time', async () => {
    const s = setup()
    const { res } = await signIn(s, {
      notBefore: new Date(s.now().getTime() - MINUTE),
      expirationTime: new Date(s.now().getTime() + MINUTE),
    })
    expect(res.status).toBe(200)
  })

  it('refuses text that is not a Sign-In with Ethereum message', async () => {
    const s = setup()
    const res = await verify(s.app, { message: 'Please sign in', signature: `0x${'11'.repeat(65)}` })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe('The message is not a Sign-In with Ethereum (EIP-4361) message.')
  })

  it('refuses an address with a wrong checksum as a bad message, not as a chain that cannot be reached', async () => {
    const s = setup()
    // A fixed key: a random address may have one lower-case letter, which flipped leaves it in one case, read as an
    // address without a checksum rather than with a wrong one (EIP-55), or none to flip: about one run in 400.
    const account = privateKeyToAccount(`0x${'0'.repeat(63)}1`)
    const flipped = account.address.replace(/[a-f]/, (ch) => ch.toUpperCase())
    expect(flipped).toMatch(/[a-f]/)
    const message = messageFor(account, await getNonce(s), s.now()).replace(account.address, flipped)
    const res = await verify(s.app, { message, signature: await account.signMessage({ message }) })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatch(/checksum \(EIP-55\) is wrong/)
  })

  describe('messages read strictly by EIP-4361’s grammar, refused before the signature is checked', () => {
    /** Signs `message` with `account` and posts it. */
    const post = async (s: Setup, account: LocalAccount, message: string) =>
      verify(s.app, { message, signature: await account.signMessage({ message }) })

    it('refuses a statement carrying a field block of its own, whose nonce and chain a lenient reader took', async () => {
      const s = setup()
      const account = privateKeyToAccount(generatePrivateKey())
      const nonce = await getNonce(s)
      const block = ['URI: http://localhost:5173', 'Version: 1', 'Chain ID: 31337', `Nonce: ${nonce}`]
      const statement = ['Sign in to chainellation.', '', ...block, `Issued At: ${s.now().toISOString()}`].join('\n')
      const message = messageFor(account, 'unissuednonce1', s.now(), { chainId: 1, statement: 'X' }).replace(
        'X',
        statement,
      )
      const res = await post(s, account, message)
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toBe(
        'The message’s URI line is repeated or out of place: EIP-4361 fields come once each, in a fixed order.',
      )
      expect((await post(s, account, messageFor(account, nonce, s.now()))).status).toBe(200)
    })

    it('refuses a past Expiration Time written after Not Before, where a lenient reader ignored it', async () => {
      const s = setup()
      const account = privateKeyToAccount(generatePrivateKey())
      const past = new Date(s.now().getTime() - MINUTE).toISOString()
      const message = `${messageFor(account, await getNonce(s), s.now(), { notBefore: s.now() })}\nExpiration Time: ${past}`
      const res = await post(s, account, message)
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toMatch(/^The message’s Expiration Time line is repeated or out of place/)
    })

    it('refuses an address written in lower case, without its EIP-55 checksum', async () => {
      const s = setup()
      const account = privateKeyToAccount(generatePrivateKey())
      const message = messageFor(account, await getNonce(s), s.now()).replace(
        account.address,
        account.address.toLowerCase(),
      )
      const res = await post(s, account, message)
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toMatch(/mixed-case checksum \(EIP-55\), not in a single case/)
    })

    it('refuses an Expiration Time on 31 February, which Date reads as 3 March', async () => {
      const s = setup()
      const account = privateKeyToAccount(generatePrivateKey())
      const message = messageFor(account, await getNonce(s), s.now(), { expirationTime: s.now() }).replace(
        /Expiration Time: .*/,
        'Expiration Time: 2026-02-31T21:00:00Z',
      )
      const res = await post(s, account, message)
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toMatch(/Expiration Time is not a valid time/)
    })
  })

  it('refuses a message whose Issued At is not a time', async () => {
    const s = setup()
    const account = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account, await getNonce(s), s.now()).replace(/Issued At: .*/, 'Issued At: yesterday')
    const res = await verify(s.app, { message, signature: await account.signMessage({ message }) })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatch(/Issued At is not a valid time/)
  })
})

describe('malformed requests', () => {
  let s: Setup
  beforeAll(() => {
    s = setup()
  })
  const post = (body: RequestInit['body'], headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
    s.app.request('/api/auth/verify', { method: 'POST', headers, body, duplex: 'half' })

  const cases: [string, () => Response | Promise<Response>, number, RegExp][] = [
    ['malformed JSON', () => post('{"message": '), 400, /^The request body is not valid JSON\.$/],
    ['an empty body', () => post(''), 400, /not valid JSON/],
    ['a text/plain body', () => post('{}', { 'Content-Type': 'text/plain' }), 415, /must be JSON/],
    ['no content type', () => post('{}', {}), 415, /must be JSON/],
    ['a form', () => post('message=a', { 'Content-Type': 'application/x-www-form-urlencoded' }), 415, /JSON/],
    ['a JSON array', () => post('[]'), 400, /must be a JSON object/],
    ['JSON null', () => post('null'), 400, /must be a JSON object/],
    ['no fields', () => post('{}'), 400, /^The message is missing\.$/],
    ['no signature', () => post('{"message":"hi"}'), 400, /^The signature is missing\.$/],
    ['a numeric message', () => post('{"message":1,"signature":"0x00"}'), 400, /message must be text/],
    ['an empty message', () => post('{"message":"","signature":"0x00"}'), 400, /message is empty/],
    ['a signature without 0x', () => post('{"message":"hi","signature":"abcd"}'), 400, /0x followed by hex/],
    ['a signature of odd length', () => post('{"message":"hi","signature":"0xabc"}'), 400, /0x followed by hex/],
    ['a signature that is not hex', () => post('{"message":"hi","signature":"0xzz"}'), 400, /hex/],
    [
      'an overlong message',
      () => post(JSON.stringify({ message: 'a'.repeat(8193), signature: '0x00' })),
      400,
      /longer than 8192/,
    ],
    [
      'a huge body',
      () => post(JSON.stringify({ message: 'a'.repeat(MAX_BODY_BYTES), signature: '0x00' })),
      413,
      /larger than 32 KiB/,
    ],
    [
      'a huge body of unknown length',
      () =>
        post(
          new ReadableStream({
            start(controller) {
              for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)))
              controller.close()
            },
          }),
        ),
      413,
      /larger than/,
    ],
  ]
  it.each(cases)('answers %s with a JSON error', async (_, send, status, error) => {
    const res = await send()
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await errorOf(res)).toMatch(error)
  })

  it('refuses a POST from a page on another origin', async () => {
    for (const path of ['/api/auth/verify', '/api/auth/logout']) {
      const res = await s.app.request(path, {
        method: 'POST',
        headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'message=hi',
      })
      expect(res.status, path).toBe(403)
      expect(await errorOf(res)).toBe('Requests from https://evil.example are not accepted.')
      expect(res.headers.get('set-cookie'), path).toBeNull()
    }
  })

  it('answers a GET of the verify route with a JSON 404', async () => {
    const res = await s.app.request('/api/auth/verify')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'Not found' })
  })
})
