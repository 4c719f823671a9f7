import type { IndexerAnswer } from './answers'

export type BatchOptions = {
  /** Asks the indexer for one read. */
  fetchOne: (pathAndQuery: string) => Promise<IndexerAnswer>
  /** Asks the indexer for several reads in one request; resolves with their answers in the same order. */
  fetchMany: (pathsAndQueries: string[]) => Promise<IndexerAnswer[]>
  /** Most reads in one request (the indexer's `MAX_BATCH`). */
  max: number
  /**
   * Most characters of reads, URL-encoded, in one request: a request line longer than the indexer's server reads
   * (Node's 16 KiB of headers) would fail every read in it. Default {@link MAX_BATCH_CHARACTERS}.
   */
  maxCharacters?: number
}

/** Room for a batch's reads in one request line, well under Node's 16 KiB header limit. */
export const MAX_BATCH_CHARACTERS = 8_000

/** What read `read` adds to a batch's URL: `read=`, its encoding, and the `&` before the next. */
const charactersOf = (read: string) => encodeURIComponent(read).length + 6

type Waiting = { read: string; resolve: (answer: IndexerAnswer) => void; reject: (error: unknown) => void }

/**
 * Reads that reach the API in the same turn of the event loop go to the indexer in one request, in the manner of
 * DataLoader: on PGlite the indexer answers one query at a time in one thread, and an HTTP exchange costs it about as
 * much as the query, so twenty players at once cost it one exchange, not twenty (docs/decisions/indexer.md). A read
 * that comes alone is asked alone. When the request fails, every read in it fails.
 */
export function batchReads({ fetchOne, fetchMany, max, maxCharacters = MAX_BATCH_CHARACTERS }: BatchOptions) {
  let waiting: Waiting[] = []

  const send = (batch: Waiting[]) => {
    const [only] = batch
    if (batch.length === 1 && only) {
      fetchOne(only.read).then(only.resolve, only.reject)
      return
    }
    fetchMany(batch.map((w) => w.read)).then(
      (answers) => {
        for (const [i, w] of batch.entries()) {
          const answer = answers[i]
          if (answer) w.resolve(answer)
          else w.reject(new Error(`the indexer's batch had no answer for ${w.read}`))
        }
      },
      (error: unknown) => {
        for (const w of batch) w.reject(error)
      },
    )
  }

  const flush = () => {
    const all = waiting
    waiting = []
    let batch: Waiting[] = []
    let characters = 0
    for (const w of all) {
      const size = charactersOf(w.read)
      if (batch.length > 0 && (batch.length === max || characters + size > maxCharacters)) {
        send(batch)
        batch = []
        characters = 0
      }
      batch.push(w)
      characters += size
    }
    if (batch.length > 0) send(batch)
  }

  return (read: string) =>
    new Promise<IndexerAnswer>((resolve, reject) => {
      // The first read of a turn schedules the request; the reads after it in the same turn join it.
      if (waiting.length === 0) setImmediate(flush)
      waiting.push({ read, resolve, reject })
    })
}
