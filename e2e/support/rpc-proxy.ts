import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What can go wrong with a JSON-RPC endpoint, as the proxy plays it. */
export type RpcFault =
  /** Every connection is closed without an answer, as when the node is down. */
  | 'down'
  /** Every answer comes late ({@link SLOW_MS} by default) but whole. */
  | 'slow'
  /** HTTP 200 with a JSON-RPC internal error (-32603) for every call, as a failing node sends. */
  | 'rpc-error'
  /** HTTP 429 Too Many Requests with a plain-text body, as a provider's rate limit sends. */
  | 'http-429'
  /** HTTP 500 with a JSON-RPC internal error as its body, as a crashing gateway sends. */
  | 'http-500'

export type ProxyMode = 'pass' | RpcFault

export const PROXY_MODES: readonly ProxyMode[] = ['pass', 'down', 'slow', 'rpc-error', 'http-429', 'http-500']

/** How long a request waits in `slow` mode unless told otherwise: half the app's RPC timeout. */
export const SLOW_MS = 5000

/** A JSON-RPC request the proxy received: when, in which mode, and its calls as `method params`. */
export type ProxiedRequest = { at: number; mode: ProxyMode; calls: string[] }

export type RpcProxy = {
  /** Where to send JSON-RPC requests; any path on it reaches the upstream node. */
  url: string
  readonly mode: ProxyMode
  /** What the proxy does with requests from now on. */
  setMode: (mode: ProxyMode) => void
  /** JSON-RPC requests received in each mode (CORS preflights not counted). */
  readonly counts: Readonly<Record<ProxyMode, number>>
  /** Every JSON-RPC request received, in order. */
  readonly requests: readonly ProxiedRequest[]
  /**
   * Requests in `mode` that repeat an identical one (same calls) received less than `withinMs` before: what retries
   * look like from the endpoint's side, as reads the app makes again on purpose come further apart.
   */
  repeatsWithin: (withinMs: number, mode?: ProxyMode) => number
  close: () => Promise<void>
}

export type RpcProxyOptions = {
  /** The node behind the proxy, e.g. anvil's URL. */
  upstream: string
  mode?: ProxyMode
  slowMs?: number
}

const cors = (req: IncomingMessage) => ({
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type',
  'access-control-max-age': '600',
})

// Hop-by-hop headers, and the ones fetch has already acted on (it decodes the body), do not go on.
const DROPPED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length'])

type Call = { id?: unknown; method?: unknown; params?: unknown }

/** Each call of a JSON-RPC body (one, or a batch), or none when the body is not JSON-RPC. */
function callsOf(body: string): Call[] {
  try {
    const parsed = JSON.parse(body) as Call | Call[]
    return (Array.isArray(parsed) ? parsed : [parsed]).filter((c) => c && typeof c === 'object')
  } catch {
    return []
  }
}

/** The same answer for every call in the body, as a batch when the body was one. */
function errorBody(body: string, error: { code: number; message: string }) {
  const calls = callsOf(body)
  const answers = calls.map((c) => ({ jsonrpc: '2.0', id: c.id ?? null, error }))
  return JSON.stringify(
    body.trimStart().startsWith('[') ? answers : (answers[0] ?? { jsonrpc: '2.0', id: null, error }),
  )
}

const INTERNAL_ERROR = { code: -32603, message: 'Internal error' }

/**
 * A JSON-RPC proxy in front of a node, for tests: it passes requests through, or plays one of the {@link RpcFault}s,
 * switched at run time, and counts what it received in each mode.
 */
export async function startRpcProxy({ upstream, mode = 'pass', slowMs = SLOW_MS }: RpcProxyOptions): Promise<RpcProxy> {
  let current = mode
  const counts = Object.fromEntries(PROXY_MODES.map((m) => [m, 0])) as Record<ProxyMode, number>
  const requests: ProxiedRequest[] = []
  const timers = new Set<NodeJS.Timeout>()

  const forward = async (req: IncomingMessage, res: ServerResponse, body: string) => {
    try {
      const answer = await fetch(upstream, {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        body,
      })
      const headers: Record<string, string> = { ...cors(req) }
      answer.headers.forEach((value, name) => {
        if (!DROPPED.has(name)) headers[name] = value
      })
      res.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()))
    } catch (error) {
      res
        .writeHead(502, { ...cors(req), 'content-type': 'text/plain' })
        .end(`upstream ${upstream} did not answer: ${String(error)}`)
    }
  }

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const mode = current
    if (req.method === 'POST') {
      counts[mode]++
      requests.push({ at: Date.now(), mode, calls: keys(body) })
    }
    if (mode === 'down') {
      req.socket.destroy()
    } else if (req.method === 'OPTIONS') {
      res.writeHead(204, cors(req)).end()
    } else if (req.method !== 'POST') {
      res.writeHead(405, { ...cors(req), allow: 'POST, OPTIONS' }).end()
    } else if (mode === 'pass') {
      void forward(req, res, body)
    } else if (mode === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer)
        void forward(req, res, body)
      }, slowMs)
      timers.add(timer)
    } else if (mode === 'http-429') {
      res.writeHead(429, { ...cors(req), 'content-type': 'text/plain', 'retry-after': '1' }).end('Too Many Requests')
    } else {
      // rpc-error answers 200, http-500 a 500, both with the body of a node's internal error
      const status = mode === 'http-500' ? 500 : 200
      res.writeHead(status, { ...cors(req), 'content-type': 'application/json' }).end(errorBody(body, INTERNAL_ERROR))
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')))
  })
  // Idle connections stay open until the proxy closes. Node would close one after 5 s idle (6 with its grace), and
  // the tests' own JSON-RPC calls go through Playwright's request client, whose keep-alive agent ignores the
  // `Keep-Alive: timeout=5` it is told: a call sent on a connection just as it closed failed with ECONNRESET
  // ("socket hang up") when a busy test process was a moment late to see it close.
  server.keepAliveTimeout = 0
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get mode() {
      return current
    },
    setMode: (next) => {
      current = next
    },
    counts,
    requests,
    repeatsWithin: (withinMs, only) => {
      const last = new Map<string, number>()
      let repeats = 0
      for (const r of requests) {
        const key = r.calls.join('\n')
        const before = last.get(key)
        if (r.mode === (only ?? r.mode) && before !== undefined && r.at - before < withinMs) repeats++
        last.set(key, r.at)
      }
      return repeats
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Each call of a body as `method params`, the part that is the same when a request is sent again. */
function keys(body: string): string[] {
  return callsOf(body).map((c) => `${String(c.method)} ${JSON.stringify(c.params ?? [])}`)
}
