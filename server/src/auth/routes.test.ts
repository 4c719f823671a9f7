import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Anvil, startAnvil } from '@chainellation/contracts/anvil'
import { hc } from 'hono/client'
import { createTestClient, http, type LocalAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain, sepolia } from 'viem/chains'
import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openTestDatabase } from '../../test/database'
import {
  attemptSignIn,
  browser,
  messageFor,
  nonceBindingOf,
  testOrigin as origin,
  postVerify,
  type Requestable,
  sessionCookieOf,
} from '../../test/sign-in'
import { type AppType, createApp } from '../app'
import type { AuthConfig } from '../config'
import type { DatabaseHandle } from '../db'
import { MAX_BODY_BYTES, NONCE_BINDING_COOKIE, NONCE_TTL_MS, SESSION_TTL_MS } from './routes'
import { SESSION_COOKIE } from './session'

const MINUTE = 60_000

let chain: Anvil
let database: DatabaseHandle
beforeAll(async () => {
  // In-memory PGlite by default; TEST_DATABASE_URL runs the same tests against a Postgres server.
  ;[chain, database] = await Promise.all([startAnvil(), openTestDatabase()])
})
afterAll(async () => {
  await Promise.all([chain?.stop(), database?.close()])
})

/** An app on a clock the test moves, configured for the local chain and two origins. */
function setup(auth: Partial<AuthConfig> = {}) {
  let time = Date.parse('2026-03-01T21:00:00Z')
  const server = createApp({
    config: {
      chainId: 31337,
      contracts: {},
      auth: {
        origins: [origin, 'http://127.0.0.1:5173', 'https://chainellation.example'],
        // Sepolia is configured as in production, at an address that is never contacted.
        chains: [
          { chain: sepolia, rpcUrl: 'http://127.0.0.1:9/never' },
          { chain: anvilChain, rpcUrl: chain.rpcUrl },
        ],
        ...auth,
      },
    },
    db: database.db,
    now: () => new Date(time),
  })
  return {
    /** The app as one browser talks to it, keeping the cookie its nonces are bound to. */
    app: browser(server),
    server,
    now: () => new Date(time),
    advance: (ms: number) => {
      time += ms
    },
  }
}

type Setup = ReturnType<typeof setup>

async function getNonce({ app }: Setup): Promise<string> {
  const res = await app.request('/api/auth/nonce')
  expect(res.status).toBe(200)
  return ((await res.json()) as { nonce: string }).nonce
}

/** Posts to verify as the page at `init.from` (default: the dev server's origin) would. */
const verify = (
  app: Requestable,
  body: unknown,
  { url, cookie, from }: { url?: string; cookie?: string; from?: string } = {},
) =>
  postVerify(app, body, {
    url: url ?? `${origin}/api/auth/verify`,
    origin: from,
    headers: cookie ? { Cookie: cookie } : {},
  })

/** Fetches a nonce, signs a message (tweaked by `fields`) and posts it. */
const signIn = (s: Setup, fields: Partial<SiweMessage> = {}, signer?: LocalAccount) =>
  attemptSignIn(s.app, { at: s.now(), fields, signer })

const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error

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

describe('signatures', () => {
  it('refuses a signature by another account', async () => {
    const { res } = await signIn(setup(), {}, privateKeyToAccount(generatePrivateKey()))
    expect(res.status).toBe(401)
    expect(await errorOf(res)).toBe('The signature does not match the message and its address.')
  })

  it('refuses a signature of a different message', async () => {
    const s = setup()
    const account = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account, await getNonce(s), s.now())
    const signature = await account.signMessage({ message: `${message}\n` })
    expect((await verify(s.app, { message, signature })).status).toBe(401)
  })

  it('refuses bytes that are no signature at all', async () => {
    const s = setup()
    const account = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account, await getNonce(s), s.now())
    for (const signature of [`0x${'00'.repeat(65)}`, '0x1234', `0x${'ff'.repeat(65)}`]) {
      const res = await verify(s.app, { message, signature })
      expect(res.status, signature).toBe(401)
    }
  })

  describe('smart accounts (ERC-1271), checked on the chain', () => {
    const magic = '1626ba7e'
    // Runtime code answering every call with a 4-byte value: PUSH4 v PUSH1 0xe0 SHL PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN
    const answering = (value: string) => `0x63${value}60e01b60005260206000f3` as const

    async function contractAccount(code: `0x${string}`) {
      const address = privateKeyToAccount(generatePrivateKey()).address
      await createTestClient({ mode: 'anvil', chain: anvilChain, transport: http(chain.rpcUrl) }).setCode({
        address,
        bytecode: code,
      })
      return address
    }

    async function signInAs(address: `0x${string}`) {
      const s = setup()
      const message = createSiweMessage({
        domain: 'localhost:5173',
        uri: origin,
        address,
        chainId: 31337,
        nonce: await getNonce(s),
        issuedAt: s.now(),
        version: '1',
      })
      return verify(s.app, { message, signature: `0x${'ab'.repeat(65)}` })
    }

    it('accepts a contract account that approves the signature', async () => {
      const address = await contractAccount(answering(magic))
      const res = await signInAs(address)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ address, chainId: 31337 })
    })

    it('refuses a contract account that rejects it', async () => {
      const res = await signInAs(await contractAccount(answering('ffffffff')))
      expect(res.status).toBe(401)
    })
  })

  describe('a node that lies', () => {
    /**
     * A JSON-RPC node on a free port that answers every eth_call with `true` (so ERC-1271 and ERC-6492 checks pass
     * whatever is signed) and every eth_getCode with `code`; it records the methods it is asked.
     */
    async function lyingNode(code: `0x${string}`) {
      const asked: string[] = []
      const answers: Record<string, unknown> = {
        eth_call: `0x${'00'.repeat(31)}01`,
        eth_getCode: code,
        eth_chainId: '0x7a69',
        eth_blockNumber: '0x1',
      }
      const server = createServer((req, res) => {
        let text = ''
        req.on('data', (chunk) => {
          text += chunk
        })
        req.on('end', () => {
          const { id, method } = JSON.parse(text) as { id: number; method: string }
          asked.push(method)
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', id, result: answers[method] ?? null }))
        })
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      lying.push(server)
      return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked }
    }
    const lying: Server[] = []
    afterEach(() => {
      for (const server of lying.splice(0)) server.close()
    })

    it('cannot sign in an ordinary account with someone else’s signature: the node is asked only for code', async () => {
      const node = await lyingNode('0x')
      const s = setup({ chains: [{ chain: anvilChain, rpcUrl: node.url }] })
      const stranger = privateKeyToAccount(generatePrivateKey())
      const { res, account, message } = await signIn(s, {}, stranger)
      expect(res.status).toBe(401)
      expect(await errorOf(res)).toBe('The signature does not match the message and its address.')
      expect(sessionCookieOf(res)).toBeUndefined()
      expect(node.asked).toEqual(['eth_getCode'])

      // Bytes that are no signature at all are refused the same way.
      const garbage = await verify(s.app, { message, signature: `0x${'ab'.repeat(65)}` })
      expect(garbage.status).toBe(401)
      expect(node.asked).not.toContain('eth_call')

      // The account's own signature signs it in without the node.
      node.asked.length = 0
      const own = await verify(s.app, { message, signature: await account.signMessage({ message }) })
      expect(own.status).toBe(200)
      expect(node.asked).toEqual([])
    })

    it('is trusted for an address it says holds a contract: that is what configuring it means', async () => {
      const node = await lyingNode('0x6080')
      const s = setup({ chains: [{ chain: anvilChain, rpcUrl: node.url }] })
      const { res } = await signIn(s, {}, privateKeyToAccount(generatePrivateKey()))
      expect(res.status).toBe(200)
      expect(node.asked).toEqual(['eth_getCode', 'eth_call'])
    })
  })

  it('answers 503, and keeps the nonce, when the chain cannot be reached', async () => {
    const s = setup({ chains: [{ chain: anvilChain, rpcUrl: 'http://127.0.0.1:9' }] })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    // Another account's signature: ECDSA recovery alone cannot accept it, so the chain must be asked.
    const { res, account, message } = await signIn(s, {}, privateKeyToAccount(generatePrivateKey()))
    expect(logged).toHaveBeenCalledOnce()
    logged.mockRestore()
    expect(res.status).toBe(503)
    expect(await errorOf(res)).toMatch(/could not be reached/)
    const retry = await verify(s.app, { message, signature: await account.signMessage({ message }) })
    expect(retry.status).toBe(200)
  })

  it('signs an account in from its signature alone when the chain cannot be reached', async () => {
    const s = setup({ chains: [{ chain: anvilChain, rpcUrl: 'http://127.0.0.1:9' }] })
    const { res } = await signIn(s)
    expect(res.status).toBe(200)
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
        { chain: sepolia, rpcUrl: chain.rpcUrl },
        { chain: anvilChain, rpcUrl: chain.rpcUrl },
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
