import { type JsonRpcCall, jsonOf, jsonRpcCalls, startProxy } from '@chainellation/scripts/proxy'

/** The path on the proxy that switches it, never passed on: `POST` with `{ "stalled": true | false }`. */
export const INDEXER_RPC_PROXY_CONTROL = '/__indexer-rpc-proxy'

export type IndexerRpcProxy = {
  /** Where the indexer reaches the chain (INDEXER_RPC_URLS). */
  url: string
  /** The block the indexer's view of the chain stopped at, while stalled. */
  readonly stalledAt: bigint | undefined
  close: () => Promise<void>
}

/** The block tags that name the newest block, which a stalled node answers with the one it stopped at. */
const NEWEST = new Set(['latest', 'pending'])

/** The body with every request for the newest block turned into one for block `at`. */
function pinned(body: string, at: bigint): string {
  const calls = jsonRpcCalls(body)
  if (calls.length === 0) return body
  const pin = (call: JsonRpcCall): JsonRpcCall => {
    const params = Array.isArray(call.params) ? call.params : []
    return call.method === 'eth_getBlockByNumber' && NEWEST.has(String(params[0]))
      ? { ...call, params: [`0x${at.toString(16)}`, ...params.slice(1)] }
      : call
  }
  return JSON.stringify(body.trimStart().startsWith('[') ? calls.map(pin) : pin(calls[0] as JsonRpcCall))
}

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

  /** The chain's head, asked of the chain itself. */
  const head = async () => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}'
    const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    return BigInt(((await answer.json()) as { result: string }).result)
  }

  const proxy = await startProxy({
    upstream,
    keepPath: false,
    handle: async ({ request, path, body, forward }) => {
      if (new URL(path, 'http://proxy').pathname !== INDEXER_RPC_PROXY_CONTROL) {
        return forward(stalledAt === undefined ? body : pinned(body, stalledAt))
      }
      const wanted = (jsonOf(body) as { stalled?: unknown } | undefined)?.stalled
      if (request.method !== 'POST' || typeof wanted !== 'boolean') {
        return new Response('POST {"stalled": true} or {"stalled": false}', { status: 400 })
      }
      if (!wanted) stalledAt = undefined
      else if (stalledAt === undefined) {
        try {
          stalledAt = await head()
        } catch (error) {
          return new Response(`the chain did not answer: ${String(error)}`, { status: 502 })
        }
      }
      return Response.json({ stalledAt: stalledAt === undefined ? null : Number(stalledAt) })
    },
  })

  return {
    url: proxy.url,
    get stalledAt() {
      return stalledAt
    },
    close: proxy.close,
  }
}
