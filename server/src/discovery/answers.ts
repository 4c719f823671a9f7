import type { SyncJson } from '@chainellation/indexer/json'
import { LRUCache } from 'lru-cache'

/** An answer of the indexer as it came: its status and its JSON text, sent on unparsed. */
export type IndexerAnswer = { status: number; text: string }

export type AnswerCacheOptions = {
  /** Asks the indexer for `pathAndQuery`; rejects when it does not answer. */
  fetchAnswer: (pathAndQuery: string) => Promise<IndexerAnswer>
  /** How long one reading of the indexer's progress (`/sync`) serves every request. */
  syncTtlMs?: number
  /** How long an answer may be served at all, even while the indexed block stays the same (a reorg keeps its number). */
  answerTtlMs?: number
  /** Answers kept, least recently used dropped first. */
  max?: number
}

/** One reading of `/sync`: 250 ms, so a new block shows in the gallery within a quarter second of being indexed. */
export const SYNC_TTL_MS = 250
/** Two seconds: a rolled-back block that kept its number is no longer served after this. */
export const ANSWER_TTL_MS = 2000

/**
 * Identical reads between two indexed blocks have identical answers, so the API keeps the indexer's answers keyed by
 * the read and the block the indexer had indexed when it was asked (docs/decisions/indexer.md): a new block starts a
 * new key, so a new event shows as soon as the indexer has it. The indexer answers one query at a time on PGlite;
 * twenty players on the same gallery page cost it one query, and twenty asking at once wait for that one answer.
 * `/sync` itself is read at most once per {@link SYNC_TTL_MS}, shared by every request.
 */
export function answerCache({
  fetchAnswer,
  syncTtlMs = SYNC_TTL_MS,
  answerTtlMs = ANSWER_TTL_MS,
  max = 2000,
}: AnswerCacheOptions) {
  const answers = new LRUCache<string, IndexerAnswer>({ max, ttl: answerTtlMs })
  const inFlight = new Map<string, Promise<IndexerAnswer>>()
  let sync: { at: number; answer: Promise<IndexerAnswer> } | undefined

  /** The indexer's `/sync` answer, shared by every request for {@link syncTtlMs}; a failure is not kept. */
  const readSync = () => {
    if (!sync || Date.now() - sync.at >= syncTtlMs) {
      const answer = fetchAnswer('/sync')
      const entry = { at: Date.now(), answer }
      sync = entry
      answer.catch(() => {
        if (sync === entry) sync = undefined
      })
    }
    return sync.answer
  }

  /** The block the indexer had indexed, or undefined when `/sync` did not say (nothing is kept then). */
  const indexedBlock = async () => {
    try {
      const answer = await readSync()
      if (answer.status !== 200) return undefined
      const block = (JSON.parse(answer.text) as Partial<SyncJson>).indexedBlock
      return typeof block === 'number' ? block : undefined
    } catch {
      return undefined
    }
  }

  return {
    sync: readSync,
    /** The indexer's answer to `pathAndQuery`, from the cache while the indexed block is the same. */
    async get(pathAndQuery: string): Promise<IndexerAnswer> {
      const block = await indexedBlock()
      if (block === undefined) return fetchAnswer(pathAndQuery)
      const key = `${block} ${pathAndQuery}`
      const kept = answers.get(key)
      if (kept) return kept
      const pending = inFlight.get(key)
      if (pending) return pending
      const asked = fetchAnswer(pathAndQuery)
        .then((answer) => {
          // Its refusals (400, 404) are as lasting as its pages; a failure is asked again.
          if (answer.status === 200 || answer.status === 400 || answer.status === 404) answers.set(key, answer)
          return answer
        })
        .finally(() => inFlight.delete(key))
      inFlight.set(key, asked)
      return asked
    },
  }
}
