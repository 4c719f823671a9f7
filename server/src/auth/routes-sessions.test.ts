// The sign-in routes' sessions and cookies, and sign-in as an attacker tries it.

import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain, sepolia } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { errorOf, getNonce, signIn, useAuthApps, verify } from '../../test/auth-app'
import { messageFor, testOrigin as origin, sessionCookieOf } from '../../test/sign-in'
import { NONCE_BINDING_COOKIE, SESSION_TTL_MS } from './routes'
import { SESSION_COOKIE } from './session'

const auth = useAuthApps()
const { setup } = auth

describe('sessions and cookies', () => {
  it('reports no session without a cookie, with an unknown one, or with a malformed one', async () => {
    const s = setup()
    for (const cookie of [undefined, `${SESSION_COOKIE}=${'A'.repeat(43)}`, `${SESSION_COOKIE}=nonsense`]) {
      const res = await s.app.request('/api/auth/session', cookie ? { headers: { Cookie: cookie } } : {})
      expect(res.status, cookie).toBe(200)
      expect(await res.json(), cookie).toEqual({ authenticated: false })
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('clears an unknown session cookie', async () => {
    const res = await setup().app.request('/api/auth/session', {
      headers: { Cookie: `${SESSION_COOKIE}=${'A'.repeat(43)}` },
    })
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`))
  })

  it('ends a session after seven days', async () => {
    const s = setup()
    const cookie = sessionCookieOf((await signIn(s)).res) as string
    s.advance(SESSION_TTL_MS - 1000)
    const before = await s.app.request('/api/auth/session', { headers: { Cookie: cookie } })
    expect(await before.json()).toMatchObject({ authenticated: true })
    s.advance(1000)
    const after = await s.app.request('/api/auth/session', { headers: { Cookie: cookie } })
    expect(await after.json()).toEqual({ authenticated: false })
  })

  it('logs out without a cookie or with an unknown one', async () => {
    const s = setup()
    for (const headers of [{}, { Cookie: `${SESSION_COOKIE}=${'B'.repeat(43)}` }] as Record<string, string>[]) {
      const res = await s.app.request('/api/auth/logout', { method: 'POST', headers })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ ok: true })
    }
  })

  it('logging out ends only the session of its own cookie', async () => {
    const s = setup()
    const mine = sessionCookieOf((await signIn(s)).res) as string
    const theirs = sessionCookieOf((await signIn(s)).res) as string
    await s.app.request('/api/auth/logout', { method: 'POST', headers: { Cookie: mine } })
    const res = await s.app.request('/api/auth/session', { headers: { Cookie: theirs } })
    expect(await res.json()).toMatchObject({ authenticated: true })
  })

  it('sets an HttpOnly, SameSite=Lax session cookie for the whole site, not Secure, when every origin is plain http', async () => {
    for (const host of ['localhost:5173', '127.0.0.1:8787', 'chainellation.example']) {
      const s = setup({ origins: [origin, 'http://127.0.0.1:5173'] })
      const account = privateKeyToAccount(generatePrivateKey())
      const message = messageFor(account, await getNonce(s), s.now())
      const res = await verify(
        s.app,
        { message, signature: await account.signMessage({ message }) },
        { url: `http://${host}/api/auth/verify` },
      )
      expect(res.status).toBe(200)
      const attributes = (res.headers.get('set-cookie') ?? '').split(/;\s*/).slice(1)
      expect(attributes, host).toEqual(
        expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/', `Max-Age=${SESSION_TTL_MS / 1000}`]),
      )
      expect(attributes, host).not.toContain('Secure')
      expect(attributes, host).not.toContain('Partitioned')
    }
  })

  it('makes the cookies Secure from the configured https origin, even when a proxy forwards Host: localhost', async () => {
    const s = setup({ origins: ['https://chainellation.example'] })
    const nonce = await s.app.request('http://localhost/api/auth/nonce')
    const binding = nonce.headers.getSetCookie().find((c) => c.startsWith(`${NONCE_BINDING_COOKIE}=`)) ?? ''
    expect(binding.split(/;\s*/)).toEqual(expect.arrayContaining(['Secure', 'SameSite=None', 'Partitioned']))
    const account = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account, ((await nonce.json()) as { nonce: string }).nonce, s.now(), {
      domain: 'chainellation.example',
      uri: 'https://chainellation.example/',
    })
    const res = await verify(
      s.app,
      { message, signature: await account.signMessage({ message }) },
      { url: 'http://localhost/api/auth/verify', from: 'https://chainellation.example' },
    )
    expect(res.status).toBe(200)
    expect((res.headers.get('set-cookie') ?? '').split(/;\s*/)).toEqual(
      expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=None', 'Partitioned', 'Path=/']),
    )
  })

  it('makes the cookie SameSite=None, Secure and Partitioned once an origin is https, so it is sent inside Safe{Wallet}’s frame, and clears it the same way', async () => {
    const s = setup()
    const account = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account, await getNonce(s), s.now(), {
      domain: 'chainellation.example',
      uri: 'https://chainellation.example/',
    })
    const res = await verify(
      s.app,
      { message, signature: await account.signMessage({ message }) },
      { url: 'https://chainellation.example/api/auth/verify', from: 'https://chainellation.example' },
    )
    expect(res.status).toBe(200)
    const set = res.headers.get('set-cookie') ?? ''
    const attributes = set.split(/;\s*/).slice(1)
    expect(attributes).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=None', 'Partitioned', 'Path=/']))
    expect(attributes).not.toContain('SameSite=Lax')
    const cookie = set.split(';')[0] as string

    // Browsers now send the cookie on cross-site requests too; the Origin check still refuses their writes.
    const crossSite = await s.app.request('https://chainellation.example/api/auth/logout', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'https://app.safe.global' },
    })
    expect(crossSite.status).toBe(403)
    const session = await s.app.request('https://chainellation.example/api/auth/session', {
      headers: { Cookie: cookie },
    })
    expect(await session.json()).toMatchObject({ authenticated: true })

    const logout = await s.app.request('https://chainellation.example/api/auth/logout', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'https://chainellation.example' },
    })
    // A partitioned cookie is only overwritten by one that is partitioned too.
    expect((logout.headers.get('set-cookie') ?? '').split(/;\s*/)).toEqual(
      expect.arrayContaining(['Max-Age=0', 'Secure', 'HttpOnly', 'SameSite=None', 'Partitioned', 'Path=/']),
    )
  })
})

describe('abuse of sign-in', () => {
  const draft = {
    name: 'Mine',
    chainId: 31337,
    layers: [1, 2, 3].map((layer) => ({ layer, decorationId: 0, tokenId: '0' })),
  }

  it('refuses a message and signature replayed after the session they opened was logged out', async () => {
    const s = setup()
    const { res, message, signature } = await signIn(s)
    const cookie = sessionCookieOf(res) as string
    await s.app.request('/api/auth/logout', { method: 'POST', headers: { Cookie: cookie } })
    const replay = await verify(s.app, { message, signature })
    expect(replay.status).toBe(401)
    expect(await errorOf(replay)).toMatch(/nonce has already been used/)
    expect(sessionCookieOf(replay)).toBeUndefined()
  })

  it('refuses a signature whose message was moved to another chain or site after signing, and keeps the nonce', async () => {
    // Sepolia's signatures checked on the local node too, so that the answer is the signature's, not a 503.
    const s = setup({
      chains: [
        { chain: sepolia, rpcUrl: auth.rpcUrl },
        { chain: anvilChain, rpcUrl: auth.rpcUrl },
      ],
    })
    const account = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account, await getNonce(s), s.now())
    const signature = await account.signMessage({ message })
    // Sepolia and 127.0.0.1:5173 are open to sign-in too: only the signature can refuse these.
    for (const moved of [
      message.replace('Chain ID: 31337', 'Chain ID: 11155111'),
      message.replace('localhost:5173 wants', '127.0.0.1:5173 wants').replace(origin, 'http://127.0.0.1:5173'),
    ]) {
      const res = await verify(s.app, { message: moved, signature })
      expect(res.status).toBe(401)
      expect(await errorOf(res)).toBe('The signature does not match the message and its address.')
    }
    expect((await verify(s.app, { message, signature })).status).toBe(200)
  })

  it('refuses a signature another site collected for its own domain, even with our nonce in it', async () => {
    const s = setup()
    const account = privateKeyToAccount(generatePrivateKey())
    const nonce = await getNonce(s)
    const phished = messageFor(account, nonce, s.now(), { domain: 'evil.example', uri: 'https://evil.example' })
    const signature = await account.signMessage({ message: phished })
    const asIs = await verify(s.app, { message: phished, signature })
    expect(asIs.status).toBe(401)
    expect(await errorOf(asIs)).toMatch(/for the site evil\.example, not this one/)
    const rewritten = phished
      .replace('evil.example wants', 'localhost:5173 wants')
      .replace('https://evil.example', origin)
    expect((await verify(s.app, { message: rewritten, signature })).status).toBe(401)
  })

  it.each([
    ['0', 422],
    ['99999999999999999999', 422],
    ['-1', 400],
    ['0x7a69', 400],
  ])('refuses Chain ID: %s', async (chainId, status) => {
    const s = setup()
    const account = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account, await getNonce(s), s.now()).replace('Chain ID: 31337', `Chain ID: ${chainId}`)
    const res = await verify(s.app, { message, signature: await account.signMessage({ message }) })
    expect(res.status).toBe(status)
  })

  describe('session fixation', () => {
    it('never adopts a session id the browser brought: sign-in issues a new one, and the planted one stays worthless', async () => {
      const s = setup()
      const planted = `${SESSION_COOKIE}=${'P'.repeat(43)}`
      const account = privateKeyToAccount(generatePrivateKey())
      const message = messageFor(account, await getNonce(s), s.now())
      const res = await verify(
        s.app,
        { message, signature: await account.signMessage({ message }) },
        { cookie: planted },
      )
      expect(res.status).toBe(200)
      const issued = sessionCookieOf(res) as string
      expect(issued).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}$`))
      expect(issued).not.toBe(planted)
      const withPlanted = await s.app.request('/api/auth/session', { headers: { Cookie: planted } })
      expect(await withPlanted.json()).toEqual({ authenticated: false })
      const withIssued = await s.app.request('/api/auth/session', { headers: { Cookie: issued } })
      expect(await withIssued.json()).toMatchObject({ authenticated: true, address: account.address })
    })

    it('gives every sign-in of one browser a session id of its own', async () => {
      const s = setup()
      const account = privateKeyToAccount(generatePrivateKey())
      const ids = new Set<string>()
      let cookie: string | undefined
      for (let i = 0; i < 5; i++) {
        const message = messageFor(account, await getNonce(s), s.now())
        const res = await verify(s.app, { message, signature: await account.signMessage({ message }) }, { cookie })
        cookie = sessionCookieOf(res) as string
        ids.add(cookie)
      }
      expect(ids.size).toBe(5)
    })

    it('ends the session on the server at logout: its cookie, kept by an attacker, opens nothing', async () => {
      const s = setup()
      const cookie = sessionCookieOf((await signIn(s)).res) as string
      const create = (c: string) =>
        s.app.request('/api/drafts', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: c },
          body: JSON.stringify(draft),
        })
      expect((await create(cookie)).status).toBe(201)
      await s.app.request('/api/auth/logout', { method: 'POST', headers: { Cookie: cookie } })
      // The browser's cookie is cleared; a copy of it is refused by the server, which no longer knows it.
      expect((await create(cookie)).status).toBe(401)
      expect(await (await s.app.request('/api/drafts', { headers: { Cookie: cookie } })).json()).toEqual({
        error: 'Sign in to keep drafts.',
      })
    })
  })
})
