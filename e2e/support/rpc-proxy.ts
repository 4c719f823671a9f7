import { DROP, type Exchange, jsonRpcCalls, startProxy } from '@chainellation/scripts/proxy'

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

const cors = (request: Request) => ({
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': request.headers.get('access-control-request-headers') ?? 'content-type',
  'access-control-max-age': '600',
})

/** The same answer for every call in the body, as a batch when the body was one. */
function errorBody(body: string, error: { code: number; message: string }) {
  const answers = jsonRpcCalls(body).map((c) => ({ jsonrpc: '2.0', id: c.id ?? null, error }))
  return JSON.stringify(
    body.trimStart().startsWith('[') ? answers : (answers[0] ?? { jsonrpc: '2.0', id: null, error }),
  )
}

const INTERNAL_ERROR = { code: -32603, message: 'Internal error' }

/** What the node answers in `mode` (but `down`, which does not answer), before CORS. */
async function answerIn(mode: Exclude<ProxyMode, 'down'>, { request, body, forward, hold }: Exchange, slowMs: number) {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204 })
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST, OPTIONS' } })
  switch (mode) {
    case 'pass':
      return forward()
    case 'slow':
      await hold(slowMs)
      return forward()
    case 'http-429':
      return new Response('Too Many Requests', {
        status: 429,
        headers: { 'content-type': 'text/plain', 'retry-after': '1' },
      })
    default:
      // rpc-error answers 200, http-500 a 500, both with the body of a node's internal error
      return new Response(errorBody(body, INTERNAL_ERROR), {
        status: mode === 'http-500' ? 500 : 200,
        headers: { 'content-type': 'application/json' },
      })
  }
}

/**
 * A JSON-RPC proxy in front of a node, for tests: it passes requests through, or plays one of the {@link RpcFault}s,
 * switched at run time, and counts what it received in each mode.
 */
export async function startRpcProxy({ upstream, mode = 'pass', slowMs = SLOW_MS }: RpcProxyOptions): Promise<RpcProxy> {
  let current = mode
  const counts = Object.fromEntries(PROXY_MODES.map((m) => [m, 0])) as Record<ProxyMode, number>
  const requests: ProxiedRequest[] = []

  const proxy = await startProxy({
    upstream,
    keepPath: false,
    handle: async (exchange) => {
      const { request, body } = exchange
      const mode = current
      if (request.method === 'POST') {
        counts[mode]++
        requests.push({ at: Date.now(), mode, calls: keys(body) })
      }
      if (mode === 'down') return DROP
      const answer = await answerIn(mode, exchange, slowMs)
      for (const [name, value] of Object.entries(cors(request))) answer.headers.set(name, value)
      return answer
    },
  })

  return {
    url: proxy.url,
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
    close: proxy.close,
  }
}

/** Each call of a body as `method params`, the part that is the same when a request is sent again. */
function keys(body: string): string[] {
  return jsonRpcCalls(body).map((c) => `${String(c.method)} ${JSON.stringify(c.params ?? [])}`)
}
