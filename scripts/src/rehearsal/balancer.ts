// The load balancer's stand-in for the rehearsal: round-robin over the API processes, as a cloud load balancer or
// nginx does in production. It says who the client is (X-Forwarded-For, which the API trusts with TRUST_PROXY=1),
// gives every request an id the API logs (X-Request-Id), and routes around a process that is gone: a connection
// refused is tried on the next process at once (nothing reached the dead one) and takes it out of the rotation
// until its health check answers again; so is a read that failed in any way, as nginx's proxy_next_upstream does; a
// write already sent to a process that dies gets a 502.
import { randomUUID } from 'node:crypto'
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type BalancerOptions = {
  /** The API processes' origins, e.g. `http://127.0.0.1:8788`. */
  upstreams: string[]
  port?: number
  /** Asked on every upstream every `checkMs`; a 2xx puts it back in the rotation, anything else takes it out. */
  healthPath?: string
  checkMs?: number
  /** How long an upstream may take to start answering (default 60 s); then 504. */
  timeoutMs?: number
}

export type BalancerStats = {
  /** Requests each upstream answered, by its origin. */
  answered: Record<string, number>
  /** Requests tried again on another upstream after a refused connection. */
  rerouted: number
  /** 502s: the upstream failed after the request had reached it. */
  badGateway: number
}

export type Balancer = {
  url: string
  /** Upstreams in the rotation now. */
  healthy: () => string[]
  stats: () => BalancerStats
  close: () => Promise<void>
}

/** Bodies the stand-in holds so it can send a request again (the API takes small JSON bodies only). */
const MAX_BODY = 1 << 20
const REQUEST_ID = /^[\w.:-]{1,128}$/
/** Errors where the request never reached the upstream, so sending it elsewhere cannot do anything twice. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL'])
// Hop-by-hop headers (RFC 9110, section 7.6.1) are the balancer's own business, never forwarded.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']

export async function startBalancer(options: BalancerOptions): Promise<Balancer> {
  const { upstreams, healthPath = '/api/health', checkMs = 500, timeoutMs = 60_000 } = options
  if (upstreams.length === 0) throw new Error('the balancer needs at least one upstream')
  // Node closes an idle kept-alive connection on its own side after its keep-alive timeout (5 s by default, plus a
  // second's grace) and announces it (`Keep-Alive: timeout=5`); a request sent on it just as it closes fails with
  // ECONNRESET, a 502 for a write. An agent with a timeout of its own drops idle sockets a second before the
  // announced time, but one without a timeout ignores the announcement and keeps them until the far side closes them.
  const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: timeoutMs })
  const up = new Set(upstreams)
  const stats: BalancerStats = {
    answered: Object.fromEntries(upstreams.map((u) => [u, 0])),
    rerouted: 0,
    badGateway: 0,
  }
  let turn = 0

  /** The upstreams to try for one request, starting with the next in turn; every one when none is healthy. */
  const order = () => {
    const pool = upstreams.filter((u) => up.has(u))
    const list = pool.length ? pool : upstreams
    const start = turn++ % list.length
    return [...list.slice(start), ...list.slice(0, start)]
  }

  const check = (upstream: string) =>
    new Promise<void>((resolve) => {
      const req = request(`${upstream}${healthPath}`, { agent, timeout: checkMs * 2 }, (res) => {
        res.resume()
        if (res.statusCode !== undefined && res.statusCode < 300) up.add(upstream)
        else up.delete(upstream)
        resolve()
      })
      req.on('timeout', () => req.destroy(new Error('health check timed out')))
      req.on('error', () => {
        up.delete(upstream)
        resolve()
      })
      req.end()
    })
  const checks = setInterval(() => upstreams.forEach(check), checkMs)
  checks.unref()

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, tries: string[], id: string) => {
    const upstream = tries.shift()
    if (!upstream) {
      res.writeHead(502, { 'content-type': 'application/json', 'x-request-id': id })
      res.end(JSON.stringify({ error: 'No API process answered.' }))
      return
    }
    const headers: Record<string, string | string[]> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.includes(name)) headers[name] = value
    }
    const client = req.socket.remoteAddress ?? ''
    const forwardedFor = req.headers['x-forwarded-for']
    headers['x-forwarded-for'] = forwardedFor ? `${forwardedFor}, ${client}` : client
    headers['x-forwarded-proto'] = 'http'
    headers['x-forwarded-host'] = req.headers.host ?? ''
    headers['x-request-id'] = id
    headers['content-length'] = String(body.length)
    const outgoing = request(
      `${upstream}${req.url ?? '/'}`,
      { method: req.method, headers, agent, timeout: timeoutMs },
      (answer) => {
        stats.answered[upstream] = (stats.answered[upstream] ?? 0) + 1
        const out: Record<string, string | string[]> = {}
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.includes(name)) out[name] = value
        }
        res.writeHead(answer.statusCode ?? 502, out)
        answer.pipe(res)
        answer.on('error', () => res.destroy())
      },
    )
    let sent = false
    outgoing.on('socket', (socket) => {
      if (!socket.connecting) sent = true
      else socket.once('connect', () => (sent = true))
    })
    outgoing.on('timeout', () =>
      outgoing.destroy(Object.assign(new Error('upstream timed out'), { code: 'ETIMEDOUT' })),
    )
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (res.headersSent) return res.destroy()
      // A read may go elsewhere whatever befell it; a write only when it surely never arrived.
      const idempotent = req.method === 'GET' || req.method === 'HEAD'
      if ((!sent && NOT_CONNECTED.has(error.code ?? '')) || (idempotent && error.code !== 'ETIMEDOUT')) {
        up.delete(upstream)
        stats.rerouted++
        return forward(req, res, body, tries, id)
      }
      stats.badGateway++
      const status = error.code === 'ETIMEDOUT' ? 504 : 502
      res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': id })
      res.end(JSON.stringify({ error: status === 504 ? 'The API took too long.' : 'The API process failed.' }))
    })
    outgoing.end(body)
  }

  const server = createServer((req, res) => {
    const given = req.headers['x-request-id']
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY) {
        res.writeHead(413, { 'content-type': 'application/json', connection: 'close' })
        res.end(JSON.stringify({ error: 'Request body too large.' }))
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => {
      if (!res.writableEnded) forward(req, res, Buffer.concat(chunks), order(), id)
    })
  })
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  // The rotation is known before the first request.
  await Promise.all(upstreams.map(check))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    healthy: () => upstreams.filter((u) => up.has(u)),
    stats: () => structuredClone(stats),
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(checks)
        server.closeAllConnections()
        server.close(() => {
          agent.destroy()
          resolve()
        })
      }),
  }
}
