import {
  type ActivityPageJson,
  type BatchJson,
  type CollectorJson,
  type ErrorJson,
  type LeaderboardJson,
  MAX_BATCH,
  type SkiesPageJson,
  type SkyJson,
  type SyncJson,
} from '@chainellation/indexer/json'
import { type Context, Hono, type MiddlewareHandler, type TypedResponse } from 'hono'
import { isAddress } from 'viem'
import type { Names } from '../names/ens'
import { answerCache, type IndexerAnswer } from './answers'
import { batchReads } from './batch'

/** How long the API waits for the indexer before telling the browser to read the chain instead. */
export const INDEXER_TIMEOUT_MS = 5000

/** What the web app shows when the indexer does not answer, and reads the chain instead. */
export const INDEXER_UNAVAILABLE =
  'The gallery’s index is not answering; showing the newest skies from the chain instead.'

const JSON_TYPE = { 'Content-Type': 'application/json' }

/** Whether `text` is a JSON object: the indexer's answer, rather than a proxy's error page. */
const isJson = (text: string) => {
  if (!text.trimStart().startsWith('{')) return false
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** A search that is neither a sky number nor an address: an ENS name, for the API to resolve (the indexer knows none). */
const isName = (q: string) => !/^#?[0-9]+$/.test(q) && !q.startsWith('0x') && q.includes('.')

/** The indexer's answers, kept while the indexed block stands (see answers.ts), and its progress. */
export type IndexerReads = ReturnType<typeof answerCache>

/** Reads from the indexer at `indexerUrl`: single reads, and reads that arrive together sent as one batch. */
export function indexerReads(indexerUrl: string, send: typeof fetch = fetch): IndexerReads {
  const askOne = async (pathAndQuery: string, signal: AbortSignal): Promise<IndexerAnswer> => {
    const answer = await send(new URL(pathAndQuery, indexerUrl), { signal })
    const text = await answer.text()
    // Not the indexer's JSON (a proxy's error page, say): passed on as a failure, never kept.
    return isJson(text) ? { status: answer.status, text } : { status: 502, text }
  }
  const askMany = async (pathsAndQueries: string[], signal: AbortSignal): Promise<IndexerAnswer[]> => {
    const batch = `/batch?${new URLSearchParams(pathsAndQueries.map((read): [string, string] => ['read', read]))}`
    const { status, text } = await askOne(batch, signal)
    if (status !== 200) throw new Error(`the indexer answered ${status} to a batch: ${text.slice(0, 200)}`)
    return (JSON.parse(text) as BatchJson).answers
  }
  return answerCache({
    fetchAnswer: batchReads({ fetchOne: askOne, fetchMany: askMany, max: MAX_BATCH, timeoutMs: INDEXER_TIMEOUT_MS }),
  })
}

/** The longest read passed on to the index, path and query: any of the app's own is a few hundred characters. */
const MAX_READ_CHARACTERS = 2_000

export type DiscoveryDeps = {
  /** The indexer's own origin (`ponder start` or `ponder serve`); unset, discovery answers 503. */
  indexerUrl: string | undefined
  /** Reads from that indexer, when the app shares them with its readiness and metrics; made here otherwise. */
  indexer?: IndexerReads
  names: Names
  readLimit: MiddlewareHandler
  fetch?: typeof fetch
}

/**
 * The indexer's reads on the app's own origin (`/api/discovery/...`), so the browser talks to no other host: the
 * gallery's sorts and filters, activity, collectors and the leaderboard (docs/decisions/indexer.md). Each answer is
 * the indexer's, typed by `@chainellation/indexer/json`; its refusals (400, 404) carry their sentence. A search by
 * ENS name is resolved here into the owner's address. When the indexer does not answer, a 503 with a sentence tells
 * the web app to read the chain instead.
 */
export function discoveryRoutes({ indexerUrl, indexer, names, readLimit, fetch: send = fetch }: DiscoveryDeps) {
  const cache = indexer ?? (indexerUrl ? indexerReads(indexerUrl, send) : undefined)

  /**
   * Passes the indexer's answer on as it came, unparsed: 200 and its refusals (400, 404), typed as the indexer's routes
   * declare them (`@chainellation/indexer/json`) for the web app's client; anything else is a 503.
   */
  const reply = <T>(c: Context, answer: IndexerAnswer) => {
    if (answer.status === 200) {
      c.header('Cache-Control', 'no-store')
      return c.body(answer.text, 200, JSON_TYPE) as unknown as TypedResponse<T, 200, 'json'>
    }
    if (answer.status === 400 || answer.status === 404) {
      return c.body(answer.text, answer.status, JSON_TYPE) as unknown as TypedResponse<ErrorJson, 400 | 404, 'json'>
    }
    return c.json({ error: INDEXER_UNAVAILABLE } satisfies ErrorJson, 503)
  }

  /** The indexer's answer to `path` with the request's own query (or `query`). */
  async function pass<T>(c: Context, path: string, query = new URL(c.req.url).searchParams) {
    if (!cache) return c.json({ error: INDEXER_UNAVAILABLE } satisfies ErrorJson, 503)
    query.sort()
    const read = `${path}${query.size ? `?${query}` : ''}`
    // No read of the index is this long; one that is would make a request line its server refuses (a 503 here).
    if (read.length > MAX_READ_CHARACTERS)
      return c.json({ error: 'That request is longer than any the gallery’s index answers.' } satisfies ErrorJson, 414)
    try {
      return reply<T>(c, await cache.get(read))
    } catch {
      return c.json({ error: INDEXER_UNAVAILABLE } satisfies ErrorJson, 503)
    }
  }

  return new Hono()
    .use(readLimit)
    .get('/skies', async (c) => {
      const query = new URL(c.req.url).searchParams
      const q = query.get('q')?.trim()
      if (q && isName(q)) {
        const owner = await names.addressOf(q).catch(() => undefined)
        if (owner === undefined) return c.json({ error: 'The name service did not answer; try again.' }, 503)
        // A name no one holds matches no sky: an empty page, as an address with none gets.
        if (owner === null) return c.json({ skies: [], page: 1, next: null } satisfies SkiesPageJson, 200)
        query.set('q', owner)
      }
      return pass<SkiesPageJson>(c, '/skies', query)
    })
    .get('/skies/:skyId', (c) => pass<SkyJson>(c, `/skies/${encodeURIComponent(c.req.param('skyId'))}`))
    .get('/activity', (c) => pass<ActivityPageJson>(c, '/activity'))
    .get('/collectors/:address', async (c) => {
      // Refused here as the indexer would refuse it, without a round trip, and before an address of any length can
      // make a request line the indexer's server will not read (an answer that would be the API's 503).
      const address = c.req.param('address')
      if (!isAddress(address, { strict: false }))
        return c.json(
          { error: 'The address must be an address: 0x and 40 hexadecimal digits.' } satisfies ErrorJson,
          400,
        )
      return pass<CollectorJson>(c, `/collectors/${address}`)
    })
    .get('/leaderboard', (c) => pass<LeaderboardJson>(c, '/leaderboard'))
    .get('/sync', async (c) => {
      if (!cache) return c.json({ error: INDEXER_UNAVAILABLE } satisfies ErrorJson, 503)
      try {
        return reply<SyncJson>(c, await cache.sync())
      } catch {
        return c.json({ error: INDEXER_UNAVAILABLE } satisfies ErrorJson, 503)
      }
    })
}
