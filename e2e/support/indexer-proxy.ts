import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The path on the proxy that switches it, never passed on: `POST` with `{ "down": true | false }`. */
export const INDEXER_PROXY_CONTROL = '/__indexer-proxy'

export type IndexerProxy = {
  /** Where the API reaches the indexer; every path but the control's goes on to it. */
  url: string
  readonly down: boolean
  close: () => Promise<void>
}

// Hop-by-hop headers, and the ones fetch has already acted on (it decodes the body), do not go on.
const DROPPED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length'])

/**
 * An HTTP proxy in front of the indexer, for tests: it passes every request on, or, while cut, closes every
 * connection without an answer, as a stopped indexer does. It runs in the tests' global setup and the workers
 * switch it over HTTP at {@link INDEXER_PROXY_CONTROL}, as they run in other processes.
 */
export async function startIndexerProxy({ upstream }: { upstream: string }): Promise<IndexerProxy> {
  let down = false

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const answer = await fetch(new URL(req.url ?? '/', upstream), { method: req.method ?? 'GET' })
      const headers: Record<string, string> = {}
      answer.headers.forEach((value, name) => {
        if (!DROPPED.has(name)) headers[name] = value
      })
      res.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()))
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(`the indexer did not answer: ${String(error)}`)
    }
  }

  const control = (req: IncomingMessage, res: ServerResponse, body: string) => {
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      parsed = undefined
    }
    const wanted = (parsed as { down?: unknown } | undefined)?.down
    if (req.method !== 'POST' || typeof wanted !== 'boolean') {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('POST {"down": true} or {"down": false}')
      return
    }
    down = wanted
    // A stopped indexer also drops the requests it was answering: without this, an answer already on its way when the
    // cut came could reach the API late and keep it serving 200s for a while after.
    if (down) res.once('finish', () => server.closeAllConnections())
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ down }))
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      if (new URL(req.url ?? '/', 'http://proxy').pathname === INDEXER_PROXY_CONTROL) {
        control(req, res, Buffer.concat(chunks).toString('utf8'))
      } else if (down) {
        req.socket.destroy()
      } else {
        void forward(req, res)
      }
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get down() {
      return down
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
