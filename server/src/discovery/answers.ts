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

/** One reading of `/sync`: 250 ms, so a new block shows in the gallery about a quarter second after it is indexed. */
export const SYNC_TTL_MS = 250
/** Two seconds: a rolled-back block that kept its number is no longer served after this. */
export const ANSWER_TTL_MS = 2000

/**
 * Identical reads between two indexed blocks have identical answers, so the API keeps the indexer's answers with the
 * read and the block the indexer had indexed when it was asked (docs/decisions/indexer.md): once a new block is
 * indexed, the next read asks again, and a new event shows as soon as that answer is in, within a second or two. The indexer answers one query at a time on PGlite;
 * twenty players on the same gallery page cost it one query, and twenty asking at once wait for that one answer.
 * `/sync` itself is read at most once per {@link SYNC_TTL_MS}, shared by every request.
 */
export function answerCache({
  fetchAnswer,
  syncTtlMs = SYNC_TTL_MS,
  answerTtlMs = ANSWER_TTL_MS,
  max = 2000,
}: AnswerCacheOptions) {
  /** Per read, the last answer and the block it was asked at; dropped {@link answerTtlMs} after it was asked. */
  const answers = new LRUCache<string, { block: number; answer: IndexerAnswer }>({ max, ttl: answerTtlMs })
  const inFlight = new Map<string, Promise<IndexerAnswer>>()
  /** The last `/sync` the indexer answered, and the reading under way. */
  let known: { at: number; answer: IndexerAnswer } | undefined
  let reading: Promise<IndexerAnswer> | undefined

  const refresh = () => {
    reading ??= fetchAnswer('/sync')
      .then((answer) => {
        known = { at: Date.now(), answer }
        return answer
      })
      .finally(() => {
        reading = undefined
      })
    return reading
  }

  /**
   * The indexer's `/sync` answer, read at most once per {@link syncTtlMs} for every request. Once it is older, the
   * next request starts a new reading and, as long as the last answer is younger than {@link answerTtlMs}, goes on
   * with it rather than wait: nobody waits on `/sync` behind the indexer's queries.
   */
  const readSync = async (): Promise<IndexerAnswer> => {
    const age = known ? Date.now() - known.at : Number.POSITIVE_INFINITY
    if (known && age < syncTtlMs) return known.answer
    const next = refresh()
    if (known && age < answerTtlMs) {
      next.catch(() => {})
      return known.answer
    }
    return next
  }

  /** Each `/sync` answer's block, read once: one answer serves every request for {@link syncTtlMs}. */
  const blocks = new WeakMap<IndexerAnswer, number | undefined>()
  const blockOf = (answer: IndexerAnswer) => {
    if (blocks.has(answer)) return blocks.get(answer)
    let said: unknown
    try {
      said = answer.status === 200 ? (JSON.parse(answer.text) as Partial<SyncJson>).indexedBlock : undefined
    } catch {
      // Not JSON: no block, and nothing kept.
    }
    const block = typeof said === 'number' ? said : undefined
    blocks.set(answer, block)
    return block
  }

  /** The block the indexer had indexed, or undefined when `/sync` did not say (nothing is kept then). */
  const indexedBlock = () => readSync().then(blockOf, () => undefined)

  return {
    sync: readSync,
    /**
     * The `/sync` answer every read goes by at once, without asking: undefined once it is older than
     * {@link syncTtlMs}. While it is the same object, reads answer as they did.
     */
    syncStanding: () => (known && Date.now() - known.at < syncTtlMs ? known.answer : undefined),
    /**
     * The indexer's answer to `pathAndQuery`: the one kept for the indexed block, or, once a new block is indexed, the
     * last block's while the new one is asked (stale while revalidate, RFC 5861), so a new block costs the indexer one
     * query per read and nobody waits on it; an answer is never served more than {@link answerTtlMs} after it was asked.
     */
    async get(pathAndQuery: string): Promise<IndexerAnswer> {
      const block = await indexedBlock()
      if (block === undefined) return fetchAnswer(pathAndQuery)
      const kept = answers.get(pathAndQuery)
      if (kept && kept.block >= block) return kept.answer
      const key = `${block} ${pathAndQuery}`
      let asked = inFlight.get(key)
      if (!asked) {
        asked = fetchAnswer(pathAndQuery)
          .then((answer) => {
            // Its refusals (400, 404) are as lasting as its pages; a failure is asked again.
            const keep = answer.status === 200 || answer.status === 400 || answer.status === 404
            const latest = answers.get(pathAndQuery)
            if (keep && (!latest || latest.block <= block)) answers.set(pathAndQuery, { block, answer })
            return answer
          })
          .finally(() => inFlight.delete(key))
        inFlight.set(key, asked)
      }
      if (kept) {
        asked.catch(() => {})
        return kept.answer
      }
      return asked
    },
  }
}
