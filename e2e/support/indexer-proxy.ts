import { DROP, jsonOf, startProxy } from '@chainellation/scripts/proxy'

/** The path on the proxy that switches it, never passed on: `POST` with `{ "down": true | false }`. */
export const INDEXER_PROXY_CONTROL = '/__indexer-proxy'

export type IndexerProxy = {
  /** Where the API reaches the indexer; every path but the control's goes on to it. */
  url: string
  readonly down: boolean
  close: () => Promise<void>
}

/**
 * An HTTP proxy in front of the indexer, for tests: it passes every request on, or, while cut, closes every
 * connection without an answer, as a stopped indexer does. It runs in the tests' global setup and the workers
 * switch it over HTTP at {@link INDEXER_PROXY_CONTROL}, as they run in other processes.
 */
export async function startIndexerProxy({ upstream }: { upstream: string }): Promise<IndexerProxy> {
  let down = false
  const proxy = await startProxy({
    upstream,
    handle: ({ request, path, body, forward, afterAnswer }) => {
      if (new URL(path, 'http://proxy').pathname !== INDEXER_PROXY_CONTROL) return down ? DROP : forward()
      const wanted = (jsonOf(body) as { down?: unknown } | undefined)?.down
      if (request.method !== 'POST' || typeof wanted !== 'boolean') {
        return new Response('POST {"down": true} or {"down": false}', { status: 400 })
      }
      down = wanted
      // A stopped indexer also drops the requests it was answering: without this, an answer already on its way when
      // the cut came could reach the API late and keep it serving 200s for a while after.
      if (down) afterAnswer(() => proxy.dropConnections())
      return Response.json({ down })
    },
  })
  return {
    url: proxy.url,
    get down() {
      return down
    },
    close: proxy.close,
  }
}
