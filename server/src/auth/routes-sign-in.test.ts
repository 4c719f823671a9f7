// The sign-in routes: the flow from nonce to session, the typed client, and the nonces themselves.
import { hc } from 'hono/client'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { errorOf, getNonce, signIn, useAuthApps, verify } from '../../test/auth-app'
import { browser, messageFor, nonceBindingOf, testOrigin as origin, sessionCookieOf } from '../../test/sign-in'
import type { AppType } from '../app'
import { NONCE_BINDING_COOKIE, NONCE_TTL_MS } from './routes'
import { SESSION_COOKIE } from './session'

const auth = useAuthApps()
const { setup } = auth

describe('sign-in flow', () => {
  it('signs in, reports the session, and logs out', async () => {
    const s = setup()
    const { res, account } = await signIn(s)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ address: account.address, chainId: 31337 })
    const cookie = sessionCookieOf(res)
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}$`))

    const session = await s.app.request('/api/auth/session', { headers: { Cookie: cookie as string } })
    expect(session.status).toBe(200)
    expect(await session.json()).toEqual({ authenticated: true, address: account.address, chainId: 31337 })

    const logout = await s.app.request('/api/auth/logout', { method: 'POST', headers: { Cookie: cookie as string } })
    expect(logout.status).toBe(200)
    expect(await logout.json()).toEqual({ ok: true })
    expect(logout.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`))

    // The server forgot the session: the old cookie no longer signs anyone in.
    const after = await s.app.request('/api/auth/session', { headers: { Cookie: cookie as string } })
    expect(await after.json()).toEqual({ authenticated: false })
  })

  it('accepts the other configured origin as domain and URI', async () => {
    const { res } = await signIn(setup(), { domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173/mint' })
    expect(res.status).toBe(200)
  })

  it('accepts an Issued At up to a minute ahead of the server clock', async () => {
    const s = setup()
    const { res } = await signIn(s, { issuedAt: new Date(s.now().getTime() + 50_000) })
    expect(res.status).toBe(200)
  })

  it('ends the session a browser already had when it signs in again', async () => {
    const s = setup()
    const first = sessionCookieOf((await signIn(s)).res) as string
    const account = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account, await getNonce(s), s.now())
    const res = await verify(s.app, { message, signature: await account.signMessage({ message }) }, { cookie: first })
    expect(res.status).toBe(200)
    const second = sessionCookieOf(res) as string
    expect(second).not.toBe(first)
    const old = await s.app.request('/api/auth/session', { headers: { Cookie: first } })
    expect(await old.json()).toEqual({ authenticated: false })
    const current = await s.app.request('/api/auth/session', { headers: { Cookie: second } })
    expect(await current.json()).toEqual({ authenticated: true, address: account.address, chainId: 31337 })
  })
})

describe('the typed client', () => {
  it('signs in through hc<AppType>, as the web app can', async () => {
    const s = setup()
    const fetch = ((input, init) =>
      s.app.request(input instanceof Request ? input.url : String(input), init)) as typeof globalThis.fetch
    const client = hc<AppType>(origin, { fetch })
    const { nonce } = await (await client.api.auth.nonce.$get()).json()
    const account = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account, nonce, s.now())
    const res = await client.api.auth.verify.$post({
      json: { message, signature: await account.signMessage({ message }) },
    })
    expect(res.status).toBe(200)
    if (res.status !== 200) return
    const { address, chainId } = await res.json()
    expect([address, chainId]).toEqual([account.address, 31337])
  })
})

describe('GET /api/auth/nonce', () => {
  it('gives unique alphanumeric nonces of 128 random bits and a 128-bit binding tag, never cached', async () => {
    const s = setup()
    const responses = await Promise.all(Array.from({ length: 20 }, () => s.app.request('/api/auth/nonce')))
    const nonces = await Promise.all(responses.map(async (r) => ((await r.json()) as { nonce: string }).nonce))
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{64}$/)
    expect(new Set(nonces).size).toBe(nonces.length)
    expect(responses[0]?.headers.get('cache-control')).toBe('no-store')
  })
})

describe('nonces', () => {
  it('refuses a replayed message', async () => {
    const s = setup()
    const { res, message, signature } = await signIn(s)
    expect(res.status).toBe(200)
    const replay = await verify(s.app, { message, signature })
    expect(replay.status).toBe(401)
    expect(await errorOf(replay)).toMatch(/nonce has already been used/)
  })

  it('lets only one of two simultaneous sign-ins with the same nonce through', async () => {
    const s = setup()
    const account = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account, await getNonce(s), s.now())
    const signature = await account.signMessage({ message })
    const results = await Promise.all([verify(s.app, { message, signature }), verify(s.app, { message, signature })])
    expect(results.map((r) => r.status).sort()).toEqual([200, 401])
  })

  it('refuses a nonce the server never issued', async () => {
    const s = setup()
    const account = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account, 'a1b2c3d4e5f6a7b8c9d0e1f2', s.now())
    const res = await verify(s.app, { message, signature: await account.signMessage({ message }) })
    expect(res.status).toBe(401)
    expect(await errorOf(res)).toMatch(/nonce is unknown/)
  })

  it('refuses a nonce older than ten minutes and accepts one just younger', async () => {
    const s = setup()
    const account = privateKeyToAccount(generatePrivateKey())
    const young = await getNonce(s)
    const old = await getNonce(s)
    s.advance(NONCE_TTL_MS - 1000)
    const youngMessage = messageFor(account, young, s.now())
    const ok = await verify(s.app, {
      message: youngMessage,
      signature: await account.signMessage({ message: youngMessage }),
    })
    expect(ok.status).toBe(200)
    s.advance(1000)
    const oldMessage = messageFor(account, old, s.now())
    const res = await verify(s.app, {
      message: oldMessage,
      signature: await account.signMessage({ message: oldMessage }),
    })
    expect(res.status).toBe(401)
    expect(await errorOf(res)).toMatch(/nonce has expired/)
  })

  it('keeps the nonce of a refused attempt for a corrected retry', async () => {
    const s = setup()
    const account = privateKeyToAccount(generatePrivateKey())
    const nonce = await getNonce(s)
    const wrong = messageFor(account, nonce, s.now(), { domain: 'evil.example' })
    expect(
      (await verify(s.app, { message: wrong, signature: await account.signMessage({ message: wrong }) })).status,
    ).toBe(401)
    const message = messageFor(account, nonce, s.now())
    const forged = await privateKeyToAccount(generatePrivateKey()).signMessage({ message })
    expect((await verify(s.app, { message, signature: forged })).status).toBe(401)
    const res = await verify(s.app, { message, signature: await account.signMessage({ message }) })
    expect(res.status).toBe(200)
  })
})

describe('nonces bound to the browser that asked', () => {
  const otherBrowser =
    'The sign-in nonce was issued to another browser, or this one did not keep its cookie; request a new one and sign again.'

  it('sets a short-lived HttpOnly cookie, sent only to the sign-in routes, with each nonce', async () => {
    const res = await setup().server.request('/api/auth/nonce')
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${NONCE_BINDING_COOKIE}=`)) ?? ''
    expect(set.split(';')[0]).toMatch(new RegExp(`^${NONCE_BINDING_COOKIE}=[A-Za-z0-9_-]{43}$`))
    expect(set.split(/;\s*/).slice(1)).toEqual(
      expect.arrayContaining(['HttpOnly', 'Path=/api/auth', `Max-Age=${NONCE_TTL_MS / 1000}`]),
    )
  })

  it('refuses a nonce redeemed by another browser, or by one without the cookie, and keeps it for its own', async () => {
    const s = setup()
    const account = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account, await getNonce(s), s.now())
    const signature = await account.signMessage({ message })
    // Another browser with a binding of its own (it asked for a nonce too), and a client with no cookie at all.
    const other = browser(s.server)
    await other.request('/api/auth/nonce')
    for (const client of [other, s.server]) {
      const res = await verify(client, { message, signature })
      expect(res.status).toBe(401)
      expect(await errorOf(res)).toBe(otherBrowser)
      expect(sessionCookieOf(res)).toBeUndefined()
    }
    const mine = await verify(s.app, { message, signature })
    expect(mine.status).toBe(200)
  })

  it('refuses a binding cookie made up from what the message shows', async () => {
    const s = setup()
    const account = privateKeyToAccount(generatePrivateKey())
    const nonce = await getNonce(s)
    const message = messageFor(account, nonce, s.now())
    const signature = await account.signMessage({ message })
    const madeUp = [nonce, nonce.slice(0, 43), nonce.slice(32).padEnd(43, 'A'), 'A'.repeat(43)]
    for (const cookie of madeUp.map((value) => `${NONCE_BINDING_COOKIE}=${value}`)) {
      const res = await verify(s.server, { message, signature }, { cookie })
      expect(res.status, cookie).toBe(401)
      expect(await errorOf(res)).toBe(otherBrowser)
    }
  })

  it('keeps one binding per browser, so that two tabs signing in at once both succeed', async () => {
    const s = setup()
    const first = await s.app.request('/api/auth/nonce')
    const second = await s.app.request('/api/auth/nonce')
    expect(nonceBindingOf(second)).toBe(nonceBindingOf(first))
    const nonces = [
      ((await first.json()) as { nonce: string }).nonce,
      ((await second.json()) as { nonce: string }).nonce,
    ]
    for (const nonce of nonces.reverse()) {
      const account = privateKeyToAccount(generatePrivateKey())
      const message = messageFor(account, nonce, s.now())
      const res = await verify(s.app, { message, signature: await account.signMessage({ message }) })
      expect(res.status).toBe(200)
    }
    // A browser of its own gets a binding of its own.
    expect(nonceBindingOf(await s.server.request('/api/auth/nonce'))).not.toBe(nonceBindingOf(first))
  })
})
