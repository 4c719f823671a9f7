import { request } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import { type ServerType, serve } from '@hono/node-server'
import { Hono } from 'hono'
import { sepolia } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEPOLIA_WEB_RPC_ORIGINS } from './config'
import { configFromEnv, parseEnv } from './env'
import {
  answerHeaders,
  contentSecurityPolicy,
  limitBody,
  WALLET_FRAME_SOURCES,
  WALLET_SDK_SOURCES,
  WALLETCONNECT_PUBLIC_SOURCES,
} from './http'

/** A policy's directives by name, each with its sources. */
const directives = (policy: string) =>
  new Map(
    policy.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ')
      return [name, sources]
    }),
  )

describe('contentSecurityPolicy', () => {
  const policy = directives(contentSecurityPolicy({ frameAncestors: ['https://app.safe.global'] }))

  it('without a build’s list, runs only the app’s own script files: no inline script, no eval, no other host', () => {
    expect(policy.get('script-src')).toEqual(["'self'"])
    expect(policy.get('default-src')).toEqual(["'self'"])
  })

  it('runs the inline scripts the build lists by their hashes, and no other', () => {
    const hash = "'sha256-8xSfbUC57qdnq7KCtyJZxSzHaJ5OuMfW0fWHk0p8bXc='"
    const withPages = directives(contentSecurityPolicy({ frameAncestors: [], pageScripts: [hash] }))
    expect(withPages.get('script-src')).toEqual(["'self'", hash])
  })

  it('allows data: images, in which the chain returns every sky, and https ones, where ENS avatars are kept', () => {
    // Never plain http:, which the API does not pass on as an avatar either.
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:'])
  })

  it('allows inline styles (RainbowKit’s theme is a <style> element) but style files only from the app', () => {
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(policy.get('font-src')).toEqual(["'self'"])
  })

  it('shuts out plugins, a changed base URL and forms posting elsewhere', () => {
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'self'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
  })

  it('lets the app itself and the given origins frame it', () => {
    expect(policy.get('frame-ancestors')).toEqual(["'self'", 'https://app.safe.global'])
  })

  it('lets the page call its own API, the RPC origins and the wallet SDKs’ hosts, once each', () => {
    const connect = directives(
      contentSecurityPolicy({ frameAncestors: [], rpcOrigins: ['http://127.0.0.1:8545', 'http://127.0.0.1:8545'] }),
    ).get('connect-src')
    expect(connect).toEqual(["'self'", 'http://127.0.0.1:8545', ...WALLETCONNECT_PUBLIC_SOURCES, ...WALLET_SDK_SOURCES])
    expect(WALLETCONNECT_PUBLIC_SOURCES).toContain('wss://relay.walletconnect.org')
    expect(WALLET_SDK_SOURCES).toContain('https://rpc.wallet.coinbase.com')
  })

  it('lets the page reach the deployment’s own WalletConnect relay when it has one, and none of WalletConnect’s hosts', () => {
    const own = directives(
      contentSecurityPolicy({ frameAncestors: [], walletConnectRelay: 'wss://relay.chainellation.example/v2?x=1' }),
    )
    expect(own.get('connect-src')).toEqual(["'self'", 'wss://relay.chainellation.example', ...WALLET_SDK_SOURCES])
    expect(own.get('connect-src')?.filter((source) => source.includes('walletconnect'))).toEqual([])
    expect(own.get('frame-src')).toEqual(["'self'"])
  })

  it('frames only WalletConnect Verify besides the app', () => {
    expect(policy.get('frame-src')).toEqual(["'self'", ...WALLET_FRAME_SOURCES])
  })

  it('writes a directive once, with no newline or stray separator that would end the header', () => {
    const text = contentSecurityPolicy({
      frameAncestors: ['https://safe.example'],
      rpcOrigins: ['https://rpc.example'],
    })
    expect(text).not.toMatch(/[\r\n]|;;|; $/)
    const names = text.split('; ').map((directive) => directive.split(' ')[0])
    expect(new Set(names).size).toBe(names.length)
  })
})

describe('the RPC origins from the environment', () => {
  it('are the Sepolia endpoints the web app may use, its public one from the same viem', () => {
    expect(configFromEnv(parseEnv({})).rpcOrigins).toEqual(SEPOLIA_WEB_RPC_ORIGINS)
    expect(SEPOLIA_WEB_RPC_ORIGINS).toEqual([
      'https://eth-sepolia.g.alchemy.com',
      'https://sepolia.infura.io',
      new URL(sepolia.rpcUrls.default.http[0]).origin,
    ])
  })

  it('add the nodes of WEB_RPC_ORIGINS, an operator’s own', () => {
    expect(
      configFromEnv(parseEnv({ WEB_RPC_ORIGINS: 'https://node.example/, http://127.0.0.1:9545' })).rpcOrigins,
    ).toEqual([...SEPOLIA_WEB_RPC_ORIGINS, 'https://node.example', 'http://127.0.0.1:9545'])
    expect(() => parseEnv({ WEB_RPC_ORIGINS: 'https://node.example/v2/key' })).toThrow(/WEB_RPC_ORIGINS/)
  })

  it('add the local chain’s node when LOCAL_RPC_URL is set', () => {
    expect(configFromEnv(parseEnv({ LOCAL_RPC_URL: 'http://127.0.0.1:8545/' })).rpcOrigins).toEqual([
      ...SEPOLIA_WEB_RPC_ORIGINS,
      'http://127.0.0.1:8545',
    ])
  })
})

describe('limitBody over a real connection', () => {
  const LIMIT = 32 * 1024
  let server: ServerType
  let port: number
  beforeAll(async () => {
    const app = new Hono().post('/echo', limitBody(LIMIT, 'Too large.'), async (c) =>
      c.json({ bytes: (await c.req.text()).length }),
    )
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 })
    await new Promise((resolve) => server.once('listening', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  /**
   * Sends `bytes` in 64 KiB writes, as a proxy relays a body, asking to close the connection afterwards as Vite's dev
   * proxy does; resolves with the status and body of the answer, whether the whole body had been sent when the answer
   * came, or the error the connection ended with. Its length is declared unless `chunked`, which sends the body in
   * chunks of unknown total (`Transfer-Encoding: chunked`).
   */
  const send = (bytes: number, { chunked = false } = {}) =>
    new Promise<{ status?: number; body?: string; sentFirst?: boolean; error?: string }>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path: '/echo',
        method: 'POST',
        headers: {
          'content-type': 'text/plain',
          connection: 'close',
          ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': bytes }),
        },
      })
      let sentAll = false
      req.on('finish', () => {
        sentAll = true
      })
      req.on('response', async (res) => {
        const sentFirst = sentAll
        let body = ''
        for await (const chunk of res) body += chunk
        resolve({ status: res.statusCode, body, sentFirst })
      })
      req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
      const chunk = Buffer.alloc(64 * 1024, 97)
      let sent = 0
      const more = () => {
        while (sent < bytes && !req.destroyed) {
          const n = Math.min(chunk.length, bytes - sent)
          sent += n
          if (!req.write(chunk.subarray(0, n))) return void req.once('drain', more)
        }
        req.end()
      }
      more()
    })

  // Answered before the body is in, a client that asked to close meets a closed socket and may see the reset first.
  it('answers an oversized body with its 413 once the body is in', async () => {
    const tooLarge = { status: 413, body: JSON.stringify({ error: 'Too large.' }), sentFirst: true }
    for (const bytes of [LIMIT + 1, 200_000, 2_000_000, 5_000_000])
      expect(await send(bytes), `${bytes} bytes`).toEqual(tooLarge)
  })

  it('takes a body within the limit', async () => {
    expect(await send(LIMIT)).toEqual({ status: 200, body: JSON.stringify({ bytes: LIMIT }), sentFirst: true })
  })

  // Counted as it streams in: nothing says its length before it is all there.
  it('answers a body of undeclared length past the limit with its 413, and takes one within it', async () => {
    const tooLarge = { status: 413, body: JSON.stringify({ error: 'Too large.' }), sentFirst: true }
    for (const bytes of [LIMIT + 1, 2_000_000])
      expect(await send(bytes, { chunked: true }), `${bytes}`).toEqual(tooLarge)
    expect(await send(LIMIT, { chunked: true })).toEqual({
      status: 200,
      body: JSON.stringify({ bytes: LIMIT }),
      sentFirst: true,
    })
  })

  /** Writes `head` and `body` as they are on a socket of their own; resolves with what came back. */
  const raw = (head: string, body: string) =>
    new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(`${head}\r\n\r\n${body}`))
      let answer = ''
      socket.on('data', (chunk) => {
        answer += chunk
      })
      socket.on('close', () => resolve(answer))
      socket.on('error', () => {})
    })

  // A declared length is trusted because Node's parser holds the body to it: a request that could carry more than it
  // declares never reaches the app.
  it('is never reached by a body longer than its declared length', async () => {
    const post = 'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain'
    const big = 'a'.repeat(LIMIT + 1)
    const chunked = `${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`
    const refused = /^HTTP\/1\.1 400 Bad Request\r\n/
    expect(await raw(`${post}\r\nContent-Length: 3\r\nTransfer-Encoding: chunked`, chunked)).toMatch(refused)
    expect(await raw(`${post}\r\nContent-Length: 3\r\nContent-Length: ${big.length}`, big)).toMatch(refused)
    expect(await raw(`${post}\r\nContent-Length: +3`, big)).toMatch(refused)
  })
})

describe('answerHeaders', () => {
  it('sets its headers on the answer the handler made, without copying it', async () => {
    let made: Response | undefined
    const app = new Hono().use(answerHeaders({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }))
    app.get('/', (c) => {
      c.header('Cache-Control', 'max-age=60')
      made = c.json({ ok: true })
      return made
    })
    const answer = await app.request('/')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    // The same object, its body still the bytes it was made with: a copy would have turned it into a stream.
    expect(answer).toBe(made)
    expect(await answer.json()).toEqual({ ok: true })
  })

  it('copies an answer whose headers cannot change, such as a fetched one passed on', async () => {
    const app = new Hono().use(answerHeaders({ 'Cache-Control': 'no-store' }))
    app.get('/', async () => {
      const fetched = await fetch('data:text/plain,from%20elsewhere')
      // A fetched response's headers are immutable (Fetch standard, "immutable" guard).
      expect(() => fetched.headers.set('x-test', '1')).toThrow(TypeError)
      return fetched
    })
    const answer = await app.request('/')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(await answer.text()).toBe('from elsewhere')
  })
})
