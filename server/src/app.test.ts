import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from './app'
import { type AppConfig, SEPOLIA_WEB_RPC_ORIGINS } from './config'
import * as schema from './db/schema'
import { configFromEnv, parseEnv } from './env'
import { contentSecurityPolicy, permissionsPolicy, sendsHsts } from './http'

const contracts = { Chainellation: '0x5FbDB2315678afecb367f032d93F642f64180aa3' } as const

// These routes never touch the database (sign-in has its own tests), so a driverless one will do.
const db = drizzle.mock({ schema })

const appWith = (config: Partial<AppConfig>) =>
  createApp({
    config: { chainId: 1, contracts: {}, auth: { origins: ['http://localhost:5173'], chains: [] }, ...config },
    db,
  })

describe('GET /api/health', () => {
  it('reports the chain id and the contract addresses', async () => {
    const res = await appWith({ chainId: 31337, contracts }).request('/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true, chainId: 31337, contracts, relay: { on: false } })
  })

  it('answers for the app configured by the environment', async () => {
    const app = createApp({ config: configFromEnv(parseEnv({})), db })
    const res = await app.request('/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ ok: true, chainId: 31337 })
  })
})

describe('errors', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const res = await appWith({}).request('/api/nope', { method: 'POST' })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toEqual({ error: 'Not found' })
  })

  it('answers unknown non-API routes with a JSON 404 when no web app is served', async () => {
    const res = await appWith({}).request('/mint')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'Not found' })
  })

  it('turns a thrown error into a JSON 500 without leaking it', async () => {
    const boom = appWith({})
    boom.get('/boom', () => {
      throw new Error('database password is hunter2')
    })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = await boom.request('/boom')
    expect(logged).toHaveBeenCalledOnce()
    logged.mockRestore()
    expect(res.status).toBe(500)
    const body = await res.text()
    expect(JSON.parse(body)).toEqual({ error: 'Internal server error' })
    expect(body).not.toMatch(/hunter2|at .*\.ts/)
  })
})

const FRAME_ANCESTORS = "frame-ancestors 'self' https://app.safe.global"

/** One directive of a response's Content-Security-Policy, as written (`frame-ancestors 'self' …`). */
const cspDirective = (res: Response, name: string) =>
  res.headers
    .get('content-security-policy')
    ?.split(/;\s*/)
    .find((directive) => directive.split(' ')[0] === name)

describe('framing', () => {
  it('lets only the app itself and Safe{Wallet} frame the API’s answers by default', async () => {
    const app = appWith({})
    for (const [path, method] of [
      ['/api/health', 'GET'],
      ['/api/nope', 'POST'],
      ['/mint', 'GET'],
    ] as const) {
      const res = await app.request(path, { method })
      expect(cspDirective(res, 'frame-ancestors'), path).toBe(FRAME_ANCESTORS)
    }
  })

  it('names the origins in SAFE_ORIGINS, and nothing else', async () => {
    const app = createApp({
      config: configFromEnv(parseEnv({ SAFE_ORIGINS: 'https://safe.example,http://localhost:3000' })),
      db,
    })
    const res = await app.request('/api/health')
    expect(cspDirective(res, 'frame-ancestors')).toBe(
      "frame-ancestors 'self' https://safe.example http://localhost:3000",
    )
  })

  it('names them on an error answer too', async () => {
    const boom = appWith({ safeOrigins: ['https://safe.example'] })
    boom.get('/boom', () => {
      throw new Error('boom')
    })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = await boom.request('/boom')
    logged.mockRestore()
    expect(res.status).toBe(500)
    expect(cspDirective(res, 'frame-ancestors')).toBe("frame-ancestors 'self' https://safe.example")
  })
})

const manifest = { name: 'chainellation', description: 'A game.', iconPath: 'safe-app-icon.svg', icons: [] }

const MANIFEST_CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET',
  'access-control-allow-headers': 'X-Requested-With, content-type, Authorization',
}

const headersOf = (res: Response, names: string[]) => Object.fromEntries(names.map((n) => [n, res.headers.get(n)]))

describe('browser security headers', () => {
  const permissions = (res: Response) =>
    new Map(
      (res.headers.get('permissions-policy') ?? '').split(', ').map((entry) => entry.split('=') as [string, string]),
    )

  it('deny the browser features the app does not use, and leave it the clipboard to copy a draft’s link', async () => {
    const policy = permissions(await appWith({}).request('/api/health'))
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'hid', 'serial', 'bluetooth'])
      expect(policy.get(feature), feature).toBe('()')
    expect(policy.has('clipboard-write')).toBe(false)
    expect([...policy.values()].every((allow) => allow === '()')).toBe(true)
  })

  it('keep the opener to pop-ups (wallet sign-in windows) while isolating the app from other pages', async () => {
    const res = await appWith({}).request('/api/nope')
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
  })

  it('send HSTS for an app configured on https, whatever Host a proxy forwards', async () => {
    const app = appWith({ auth: { origins: ['https://chainellation.example'], chains: [] } })
    for (const url of ['https://chainellation.example/api/health', 'http://localhost/api/health', '/api/nope']) {
      const res = await app.request(url)
      expect(res.headers.get('strict-transport-security'), url).toBe('max-age=31536000')
    }
  })

  it('send no HSTS for an app configured on plain http or on a loopback name, even over https', async () => {
    for (const origins of [
      ['http://localhost:5173', 'http://127.0.0.1:5173'],
      ['https://localhost:5173', 'https://127.0.0.1:8443', 'https://app.localhost', 'https://[::1]:8443'],
      ['http://chainellation.example'],
    ]) {
      const res = await appWith({ auth: { origins, chains: [] } }).request('https://chainellation.example/api/health')
      expect(res.headers.get('strict-transport-security'), origins.join()).toBeNull()
    }
    expect(sendsHsts(['http://localhost:5173', 'https://chainellation.example'])).toBe(true)
  })
})

describe('serving the built web app', () => {
  let webDist: string
  let served: ReturnType<typeof appWith>

  beforeAll(() => {
    webDist = mkdtempSync(join(tmpdir(), 'web-dist-'))
    mkdirSync(join(webDist, 'assets'))
    writeFileSync(join(webDist, 'index.html'), `<!doctype html><title>chainellation</title>${'<p>✦</p>'.repeat(300)}`)
    writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'export {}')
    writeFileSync(join(webDist, 'assets', 'big-abc123.js'), `export const stars = ${JSON.stringify('✦ '.repeat(4000))}`)
    writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    writeFileSync(join(webDist, 'manifest.json'), JSON.stringify(manifest))
    served = appWith({ chainId: 31337, contracts, webDist })
  })
  afterAll(() => rmSync(webDist, { recursive: true, force: true }))

  it('serves index.html at the root, uncached', async () => {
    const res = await served.request('/')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<title>chainellation</title>')
  })

  it('serves files with their content type, caching hashed assets for good and checking the others each time', async () => {
    const asset = await served.request('/assets/index-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toMatch(/javascript/)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const icon = await served.request('/favicon.svg')
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(icon.headers.get('cache-control')).toBe('no-cache')
  })

  it('sends scripts brotli- or gzip-compressed as the browser accepts, and plain to one that accepts neither', async () => {
    const get = (acceptEncoding?: string) =>
      served.request('/assets/big-abc123.js', acceptEncoding ? { headers: { 'Accept-Encoding': acceptEncoding } } : {})
    const [brotli, gzipped, plain, refused] = await Promise.all([
      get('gzip, deflate, br'),
      get('gzip'),
      get(),
      get('br;q=0, gzip;q=0'),
    ])
    expect(brotli.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(new Uint8Array(await brotli.arrayBuffer())).toString()).toContain('export const stars')
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    const body = new Uint8Array(await gzipped.arrayBuffer())
    expect(body.length).toBeLessThan(2000)
    expect(Number(gzipped.headers.get('content-length'))).toBe(body.length)
    expect(gunzipSync(body).toString()).toContain('export const stars')
    for (const res of [plain, refused]) {
      expect(res.headers.get('content-encoding')).toBeNull()
      expect((await res.text()).length).toBeGreaterThan(8000)
    }
    // Each is a representation of its own, and caches must key them by what the browser accepts.
    const tags = [brotli, gzipped, plain].map((res) => res.headers.get('etag'))
    expect(new Set(tags).size).toBe(3)
    for (const res of [brotli, gzipped, plain]) expect(res.headers.get('vary')).toBe('Accept-Encoding')
  })

  it('answers 304 without a body to a browser that holds the file, in the coding it holds', async () => {
    const first = await served.request('/assets/big-abc123.js', { headers: { 'Accept-Encoding': 'br' } })
    const etag = first.headers.get('etag') as string
    const again = await served.request('/assets/big-abc123.js', {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag },
    })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    expect(await again.text()).toBe('')
    // The same tag names the brotli body only: a browser that now takes gzip alone gets the gzip body.
    const other = await served.request('/assets/big-abc123.js', {
      headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag },
    })
    expect(other.status).toBe(200)
  })

  it('sends the page compressed too, with its length, and checked again at each visit', async () => {
    for (const path of ['/', '/mint']) {
      const res = await served.request(path, { headers: { 'Accept-Encoding': 'gzip' } })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe('no-cache')
      expect(res.headers.get('etag'), path).toMatch(/^".+"$/)
      expect(res.headers.get('content-encoding'), path).toBe('gzip')
      const body = new Uint8Array(await res.arrayBuffer())
      expect(Number(res.headers.get('content-length')), path).toBe(body.length)
      expect(gunzipSync(body).toString(), path).toContain('<title>chainellation</title>')
    }
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await served.request('/assets/big-abc123.js', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(await res.text()).toBe('')
  })

  it('falls back to index.html for client-side routes', async () => {
    for (const path of ['/mint', '/stargaze/42', '/compose/']) {
      const res = await served.request(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(await res.text()).toContain('<title>chainellation</title>')
    }
  })

  it('serves nothing from outside the build', async () => {
    writeFileSync(join(webDist, '..', 'outside-web-dist.txt'), 'secret')
    try {
      for (const path of [
        '/../outside-web-dist.txt',
        '/%2e%2e/outside-web-dist.txt',
        '/assets/..%2f..%2foutside-web-dist.txt',
      ])
        expect((await served.request(path)).status, path).toBe(404)
    } finally {
      rmSync(join(webDist, '..', 'outside-web-dist.txt'))
    }
  })

  it('keeps a missing file a 404 instead of answering with the page', async () => {
    const res = await served.request('/assets/missing-123.js')
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control')).toBeNull()
  })

  it('lets only the app itself and Safe{Wallet} frame the page, its files and the API', async () => {
    for (const path of ['/', '/assets/index-abc123.js', '/favicon.svg', '/stargaze/42', '/api/health', '/nope.js']) {
      const res = await served.request(path)
      expect(cspDirective(res, 'frame-ancestors'), path).toBe(FRAME_ANCESTORS)
    }
  })

  it('serves manifest.json to any origin, as Safe{Wallet} reads it', async () => {
    const res = await served.request('/manifest.json', { headers: { Origin: 'https://app.safe.global' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(headersOf(res, Object.keys(MANIFEST_CORS))).toEqual(MANIFEST_CORS)
    expect(cspDirective(res, 'frame-ancestors')).toBe(FRAME_ANCESTORS)
    expect(await res.json()).toEqual(manifest)
  })

  it('answers the preflight of manifest.json', async () => {
    const res = await served.request('/manifest.json', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.safe.global',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-requested-with',
      },
    })
    expect(res.status).toBe(204)
    expect(headersOf(res, Object.keys(MANIFEST_CORS))).toEqual(MANIFEST_CORS)
    expect(await res.text()).toBe('')
  })

  it('opens no other file or route to other origins', async () => {
    for (const path of ['/', '/favicon.svg', '/api/health']) {
      const res = await served.request(path, { headers: { Origin: 'https://app.safe.global' } })
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull()
    }
  })

  it('sends the full security headers with the page, its files, the API, refusals and errors', async () => {
    const policy = contentSecurityPolicy({
      frameAncestors: ['https://app.safe.global'],
      rpcOrigins: SEPOLIA_WEB_RPC_ORIGINS,
    })
    const answers: [string, RequestInit?][] = [
      ['/'],
      ['/mint'],
      ['/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } }],
      ['/favicon.svg'],
      ['/manifest.json'],
      ['/nope.js'],
      ['/api/health'],
      ['/api/unknown', { method: 'DELETE' }],
      ['/api/auth/verify', { method: 'POST', body: 'x', headers: { 'Content-Type': 'text/plain' } }],
      ['/api/auth/logout', { method: 'POST', headers: { Origin: 'https://evil.example' } }],
    ]
    for (const [path, init] of answers) {
      const res = await served.request(path, init)
      const names = [
        'content-security-policy',
        'x-content-type-options',
        'referrer-policy',
        'permissions-policy',
        'cross-origin-opener-policy',
      ]
      expect(headersOf(res, names), path).toEqual({
        'content-security-policy': policy,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'permissions-policy': permissionsPolicy(),
        'cross-origin-opener-policy': 'same-origin-allow-popups',
      })
      // Configured for plain-http localhost only: no HSTS.
      expect(res.headers.get('strict-transport-security'), path).toBeNull()
    }
  })

  it('keeps the API in front of the fallback', async () => {
    expect((await served.request('/api/health')).status).toBe(200)
    const res = await served.request('/api/unknown')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'Not found' })
  })
})
