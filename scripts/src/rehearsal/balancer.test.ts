import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { type Balancer, startBalancer } from './balancer'

type Upstream = { url: string; server: Server; seen: IncomingMessage[]; close: () => Promise<void> }

/** An API process stand-in answering `{ name, headers }`; `/slow-write` never answers, `/api/health` says `healthy`. */
async function upstream(name: string, port = 0, keepAliveMs?: number): Promise<Upstream> {
  const seen: IncomingMessage[] = []
  let healthy = true
  const server = createServer((req, res) => {
    if (req.url === '/api/health') {
      res.writeHead(healthy ? 200 : 503)
      return res.end()
    }
    seen.push(req)
    if (req.url === '/slow-write') return
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ name, headers: req.headers, body: Buffer.concat(chunks).toString() }))
    })
  })
  if (keepAliveMs !== undefined) server.keepAliveTimeout = keepAliveMs
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  Object.defineProperty(server, 'healthy', { set: (v: boolean) => (healthy = v) })
  return {
    url,
    server,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close()
})

async function setUp(n: number, checkMs = 50): Promise<{ balancer: Balancer; upstreams: Upstream[] }> {
  const upstreams: Upstream[] = []
  for (let i = 0; i < n; i++) {
    const u = await upstream(`api-${i}`)
    upstreams.push(u)
    cleanup.push(u.close)
  }
  const balancer = await startBalancer({ upstreams: upstreams.map((u) => u.url), checkMs })
  cleanup.push(balancer.close)
  // A first check slower than its timeout (twice `checkMs`) on a busy machine takes a healthy process out until the
  // next check puts it back: the tests start once every one is in the rotation.
  for (let i = 0; i < 40 && balancer.healthy().length < n; i++) await sleep(checkMs)
  expect(balancer.healthy()).toHaveLength(n)
  return { balancer, upstreams }
}

const get = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, init)
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as { name: string; headers: Record<string, string>; body: string },
  }
}

describe('the load balancer stand-in', () => {
  it('takes the API processes in turn, saying who the client is and naming the request', async () => {
    const { balancer } = await setUp(2)
    const names = []
    for (let i = 0; i < 4; i++) names.push((await get(`${balancer.url}/api/x`)).body.name)
    expect(names).toEqual(['api-0', 'api-1', 'api-0', 'api-1'])

    const { body, headers } = await get(`${balancer.url}/api/x`, {
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-request-id': 'req-42' },
    })
    expect(body.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1')
    expect(body.headers['x-request-id']).toBe('req-42')
    expect(headers.get('x-request-id')).toBeNull() // the API echoes it; the stand-in adds nothing of its own
    const generated = (await get(`${balancer.url}/api/x`, { headers: { 'x-request-id': 'bad id with spaces' } })).body
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('passes bodies on whole', async () => {
    const { balancer } = await setUp(1)
    const { body } = await get(`${balancer.url}/api/drafts`, { method: 'POST', body: '{"name":"Orion"}' })
    expect(body.body).toBe('{"name":"Orion"}')
  })

  it('sends a request for a process that is gone to the next one, and leaves it out until it answers again', async () => {
    const { balancer, upstreams } = await setUp(2, 1_000)
    const [first, second] = upstreams as [Upstream, Upstream]
    await first.close()
    for (let i = 0; i < 4; i++) {
      const { status, body } = await get(`${balancer.url}/api/x`, { method: 'POST', body: '{}' })
      expect(status).toBe(200)
      expect(body.name).toBe('api-1')
    }
    expect(balancer.healthy()).toEqual([second.url])
    expect(balancer.stats().rerouted).toBe(1)

    const back = await upstream('api-0-again', Number(new URL(first.url).port))
    cleanup.push(back.close)
    for (let i = 0; i < 40 && balancer.healthy().length < 2; i++) await sleep(50)
    expect(balancer.healthy()).toHaveLength(2)
  })

  it('answers 502 for a write the process took and then failed, and never sends it twice', async () => {
    const { balancer, upstreams } = await setUp(2)
    const [first] = upstreams as [Upstream, Upstream]
    const pending = fetch(`${balancer.url}/slow-write`, { method: 'POST', body: '{}' })
    for (let i = 0; i < 100 && first.seen.length === 0; i++) await sleep(10)
    expect(first.seen).toHaveLength(1)
    await first.close()
    expect((await pending).status).toBe(502)
    expect(upstreams[1]?.seen.filter((r) => r.url === '/slow-write')).toHaveLength(0)
    expect(balancer.stats().badGateway).toBe(1)
  })

  it('lets an idle connection to a process go before the process closes it, so no request is sent on a closing one', async () => {
    // An API process that keeps idle connections 2 s and says so (`Keep-Alive: timeout=2`), then closes them a
    // second later; the balancer must have let them go by then, or a request sent at that moment fails.
    const api = await upstream('api-0', 0, 2000)
    cleanup.push(api.close)
    const opened: { closedAt?: number }[] = []
    api.server.on('connection', (socket) => {
      const seen: { closedAt?: number } = {}
      opened.push(seen)
      socket.on('close', () => (seen.closedAt = performance.now()))
    })
    // Health checks only at the start, so that the connection stays idle after the request.
    const balancer = await startBalancer({ upstreams: [api.url], checkMs: 60_000 })
    cleanup.push(balancer.close)
    expect((await get(`${balancer.url}/api/x`, { method: 'POST', body: '{}' })).status).toBe(200)
    const answeredAt = performance.now()
    await sleep(2500)
    expect(opened.length).toBeGreaterThan(0)
    for (const connection of opened) {
      expect(connection.closedAt, 'a connection to the API process still open after 2.5 s').toBeDefined()
      expect((connection.closedAt ?? Infinity) - answeredAt).toBeLessThan(2000)
    }
  })

  it('takes a process that says it is not ready out of the rotation', async () => {
    const { balancer, upstreams } = await setUp(2)
    ;(upstreams[0]?.server as unknown as { healthy: boolean }).healthy = false
    for (let i = 0; i < 40 && balancer.healthy().length > 1; i++) await sleep(25)
    expect(balancer.healthy()).toEqual([upstreams[1]?.url])
    for (let i = 0; i < 3; i++) expect((await get(`${balancer.url}/api/x`)).body.name).toBe('api-1')
  })
})
