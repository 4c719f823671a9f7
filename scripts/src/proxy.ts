// A local HTTP proxy in front of one upstream, for the tests' stand-ins: a node that fails or lags, an indexer that
// stops, a provider that loses an answer. Every request goes to `handle`, which passes it on (`forward`), holds it,
// answers it itself, rewrites it or its answer, or closes the connection unanswered; by default it passes everything on.
// @hono/node-server turns Node's requests into fetch ones and back, and hono's `proxy` passes them on, dropping the
// hop-by-hop headers and the encoding fetch has already undone.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { type HttpBindings, serve } from '@hono/node-server'
import { proxy } from 'hono/proxy'

/** What `handle` answers to close the connection without an answer, as a node that is down does. */
export const DROP = Symbol('drop the connection')

/** One request the proxy received, and what `handle` may do with it. */
export type Exchange = {
  /** The request as received (its body is read already: see `body`). */
  request: Request
  /** Its path and query string. */
  path: string
  /** Its body as text, '' for none. */
  body: string
  /**
   * Passes the request on, with `body` instead of its own when given, and resolves with the upstream's answer, or
   * with a 502 when the upstream cannot be reached.
   */
  forward: (body?: string) => Promise<Response>
  /**
   * Resolves after `ms`, or never when not given; once the proxy closes it rejects, and the connection is dropped.
   */
  hold: (ms?: number) => Promise<void>
  /** Calls `then` once the answer has gone out. */
  afterAnswer: (then: () => void) => void
}

export type ProxyOptions = {
  /** Where requests go on to: a JSON-RPC node, or the origin of an HTTP API. */
  upstream: string
  /**
   * Whether a request's path and query go on to the upstream (an HTTP API's routes), or every request goes to
   * `upstream` exactly (a JSON-RPC node's one endpoint, whatever path the client used). Default: go on.
   */
  keepPath?: boolean
  /** Decides what becomes of each request; by default it is passed on. */
  handle?: (exchange: Exchange) => Response | typeof DROP | Promise<Response | typeof DROP>
}

export type ProxyServer = {
  /** `http://127.0.0.1:<port>`. */
  url: string
  /** Closes every connection, idle or with a request in flight, as a process that stops does. */
  dropConnections: () => void
  close: () => Promise<void>
}

/** Starts a proxy on a free local port. */
export async function startProxy({
  upstream,
  keepPath = true,
  handle = ({ forward }) => forward(),
}: ProxyOptions): Promise<ProxyServer> {
  const closing = new AbortController()

  const hold = (ms?: number) =>
    ms === undefined
      ? new Promise<void>((_, reject) =>
          closing.signal.addEventListener('abort', () => reject(closing.signal.reason), { once: true }),
        )
      : sleep(ms, undefined, { signal: closing.signal })

  const exchange = async (request: Request, { outgoing }: HttpBindings): Promise<Exchange> => {
    const url = new URL(request.url)
    const path = `${url.pathname}${url.search}`
    const bytes = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined
    const headers = new Headers(request.headers)
    // fetch sets these for the body it sends, which may not be this one.
    headers.delete('content-length')
    headers.delete('host')
    const target = keepPath ? new URL(path, upstream).href : upstream
    const forward = async (body?: string) => {
      try {
        // The body as bytes, not a stream, so it goes with its length rather than in chunks.
        return await proxy(target, {
          raw: new Request(target, { method: request.method, headers }),
          body: body ?? bytes,
        })
      } catch (error) {
        return new Response(`${upstream} did not answer: ${String(error)}`, {
          status: 502,
          headers: { 'content-type': 'text/plain' },
        })
      }
    }
    const body = bytes ? new TextDecoder().decode(bytes) : ''
    return { request, path, body, forward, hold, afterAnswer: (then) => outgoing.once('finish', then) }
  }

  const server = serve({
    hostname: '127.0.0.1',
    port: 0,
    // Not Node's global Request and Response: the proxy runs inside test runners, whose own code uses them too.
    overrideGlobalObjects: false,
    fetch: async (request, env) => {
      const bindings = env as HttpBindings
      const answer = await exchange(request, bindings)
        .then(handle)
        .catch((error: unknown) => {
          if (closing.signal.aborted) return DROP
          throw error
        })
      if (answer !== DROP) return answer
      bindings.incoming.socket.destroy()
      // Nothing reaches the client: its socket is gone.
      return new Response(null, { status: 499 })
    },
  }) as Server
  // Idle connections stay open until the proxy closes. Node would close one after 5 s idle (6 with its grace), and a
  // client whose keep-alive agent ignores the `Keep-Alive: timeout=5` it is told (Playwright's request client does)
  // fails with ECONNRESET ("socket hang up") when it sends on a connection just as it closes.
  server.keepAliveTimeout = 0
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.once('listening', () => resolve())
  })

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dropConnections: () => server.closeAllConnections(),
    close: async () => {
      closing.abort()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** `text` parsed as JSON, or undefined when it is not JSON. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** One call of a JSON-RPC body. */
export type JsonRpcCall = { id?: unknown; method?: unknown; params?: unknown }

/** Each call of a JSON-RPC body (one, or a batch), or none when the body is not JSON-RPC. */
export function jsonRpcCalls(body: string): JsonRpcCall[] {
  const parsed = jsonOf(body)
  return (Array.isArray(parsed) ? parsed : [parsed]).filter((c): c is JsonRpcCall => !!c && typeof c === 'object')
}
