import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DROP, type Exchange, jsonRpcCalls, type ProxyServer, startProxy } from './proxy.ts'

/** What the upstream saw of a request, as it answers it. */
type Echo = { method: string; url: string; body: string; headers: Record<string, string> }

let upstream: Server
let upstreamUrl: string
const proxies: ProxyServer[] = []

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8')
    })
    req.on('end', () => {
      const echo = { method: req.method, url: req.url, body, headers: req.headers }
      res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' }).end(JSON.stringify(echo))
    })
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
})

afterAll(async () => {
  await Promise.all(proxies.map((p) => p.close()))
  upstream.closeAllConnections()
  await new Promise((resolve) => upstream.close(resolve))
})

const started = async (options: Partial<Parameters<typeof startProxy>[0]> = {}) => {
  const proxy = await startProxy({ upstream: upstreamUrl, ...options })
  proxies.push(proxy)
  return proxy
}

/** The error code a request to `url` failed with, or its answer. */
const outcome = (url: string, init?: RequestInit) =>
  fetch(url, init).then(
    (res) => res,
    (error: { cause?: { code?: string } }) => error.cause?.code ?? 'failed',
  )

describe('startProxy', () => {
  it('passes a request on with its method, path, headers and body, and the answer back', async () => {
    const proxy = await started()
    const res = await fetch(`${proxy.url}/a/b?c=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client': 'me' },
      body: '{"x":1}',
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('x-upstream')).toBe('yes')
    const echo = (await res.json()) as Echo
    expect(echo).toMatchObject({ method: 'POST', url: '/a/b?c=1', body: '{"x":1}' })
    expect(echo.headers).toMatchObject({ 'content-type': 'application/json', 'x-client': 'me', 'content-length': '7' })
  })

  it('sends every request to the upstream URL itself when the path is not kept', async () => {
    const proxy = await started({ keepPath: false })
    const echo = (await (await fetch(`${proxy.url}/fallback`, { method: 'POST', body: '{}' })).json()) as Echo
    expect(echo.url).toBe('/')
  })

  it('lets a hook answer, rewrite, hold or drop a request', async () => {
    let what = 'answer'
    const seen: string[] = []
    const proxy = await started({
      handle: async ({ body, forward, hold }: Exchange) => {
        seen.push(body)
        if (what === 'answer') return new Response('no', { status: 503 })
        if (what === 'rewrite') return forward(body.toUpperCase())
        if (what === 'hold') await hold(50)
        if (what === 'drop') return DROP
        return forward()
      },
    })
    const post = () => outcome(proxy.url, { method: 'POST', body: 'sky' })
    expect(await ((await post()) as Response).text()).toBe('no')
    what = 'rewrite'
    expect(((await ((await post()) as Response).json()) as Echo).body).toBe('SKY')
    what = 'hold'
    const before = Date.now()
    expect(((await post()) as Response).status).toBe(201)
    expect(Date.now() - before).toBeGreaterThanOrEqual(45)
    what = 'drop'
    expect(await post()).toBe('UND_ERR_SOCKET')
    expect(seen).toEqual(['sky', 'sky', 'sky', 'sky'])
  })

  it('drops a request held forever once the proxy closes', async () => {
    const proxy = await startProxy({
      upstream: upstreamUrl,
      handle: async ({ hold, forward }) => hold().then(() => forward()),
    })
    const held = outcome(proxy.url)
    await new Promise((resolve) => setTimeout(resolve, 50))
    await proxy.close()
    expect(await held).toBe('UND_ERR_SOCKET')
  })

  it('answers 502 when the upstream cannot be reached', async () => {
    const proxy = await started({ upstream: 'http://127.0.0.1:1' })
    const res = await fetch(proxy.url)
    expect(res.status).toBe(502)
    expect(await res.text()).toContain('did not answer')
  })
})

describe('jsonRpcCalls', () => {
  it('reads one call, a batch, or nothing from a body that is not JSON-RPC', () => {
    expect(jsonRpcCalls('{"id":1,"method":"eth_chainId"}')).toEqual([{ id: 1, method: 'eth_chainId' }])
    expect(jsonRpcCalls('[{"method":"a"},{"method":"b"}]').map((c) => c.method)).toEqual(['a', 'b'])
    expect(jsonRpcCalls('not json')).toEqual([])
    expect(jsonRpcCalls('null')).toEqual([])
  })
})
