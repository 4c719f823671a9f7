import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The path on the proxy that switches it, never passed on: `POST` with `{ "stalled": true | false }`. */
export const INDEXER_RPC_PROXY_CONTROL = '/__indexer-rpc-proxy'

export type IndexerRpcProxy = {
  /** Where the indexer reaches the chain (INDEXER_RPC_URLS). */
  url: string
  /** The block the indexer's view of the chain stopped at, while stalled. */
  readonly stalledAt: bigint | undefined
  close: () => Promise<void>
}

// Hop-by-hop headers, and the ones fetch has already acted on (it decodes the body), do not go on.
const DROPPED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length'])

/** The block tags that name the newest block, which a stalled node answers with the one it stopped at. */
const NEWEST = new Set(['latest', 'pending'])

type Call = { method?: unknown; params?: unknown }

/**
 * A JSON-RPC proxy between the indexer and the chain, for tests: it passes every request on, or, while stalled, answers
 * every request for the newest block with the block the chain had when the stall began, as a provider's node that has
 * stopped following the chain does, while the head's number (`eth_blockNumber`) still comes from the chain itself.
 * Ponder learns of new blocks only by asking for the newest one, so the indexer stays at that block while the chain
 * moves on, and its `/sync` (whose head is `eth_blockNumber`) says by how many blocks it is behind; released, it sees
 * the newest block again and catches up. Nothing is held, so no request of the indexer times out and none is retried
 * later. It runs in the tests' global setup; the workers switch it over HTTP at {@link INDEXER_RPC_PROXY_CONTROL}.
 */
export async function startIndexerRpcProxy({ upstream }: { upstream: string }): Promise<IndexerRpcProxy> {
  let stalledAt: bigint | undefined

  const ask = (body: string) =>
    fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

  /** The body with every request for the newest block turned into one for block `at`. */
  const pinned = (body: string, at: bigint): string => {
    let parsed: Call | Call[]
    try {
      parsed = JSON.parse(body) as Call | Call[]
    } catch {
      return body
    }
    const pin = (call: Call): Call => {
      const params = Array.isArray(call.params) ? call.params : []
      return call.method === 'eth_getBlockByNumber' && NEWEST.has(String(params[0]))
        ? { ...call, params: [`0x${at.toString(16)}`, ...params.slice(1)] }
        : call
    }
    return JSON.stringify(Array.isArray(parsed) ? parsed.map(pin) : pin(parsed))
  }

  const forward = async (res: ServerResponse, body: string) => {
    try {
      const answer = await ask(stalledAt === undefined ? body : pinned(body, stalledAt))
      const headers: Record<string, string> = {}
      answer.headers.forEach((value, name) => {
        if (!DROPPED.has(name)) headers[name] = value
      })
      res.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()))
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(`the chain did not answer: ${String(error)}`)
    }
  }

  const control = async (req: IncomingMessage, res: ServerResponse, body: string) => {
    let wanted: unknown
    try {
      wanted = (JSON.parse(body) as { stalled?: unknown }).stalled
    } catch {
      wanted = undefined
    }
    if (req.method !== 'POST' || typeof wanted !== 'boolean') {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('POST {"stalled": true} or {"stalled": false}')
      return
    }
    if (!wanted) {
      stalledAt = undefined
    } else if (stalledAt === undefined) {
      const head = (await (await ask('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}')).json()) as {
        result: string
      }
      stalledAt = BigInt(head.result)
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ stalledAt: stalledAt === undefined ? null : Number(stalledAt) }))
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      if (new URL(req.url ?? '/', 'http://proxy').pathname === INDEXER_RPC_PROXY_CONTROL) {
        control(req, res, body).catch((error: unknown) => {
          res.writeHead(502, { 'content-type': 'text/plain' }).end(`the chain did not answer: ${String(error)}`)
        })
      } else {
        void forward(res, body)
      }
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get stalledAt() {
      return stalledAt
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
