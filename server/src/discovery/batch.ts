import type { IndexerAnswer } from './answers'

export type BatchOptions = {
  /** Asks the indexer for one read. */
  fetchOne: (pathAndQuery: string) => Promise<IndexerAnswer>
  /** Asks the indexer for several reads in one request; resolves with their answers in the same order. */
  fetchMany: (pathsAndQueries: string[]) => Promise<IndexerAnswer[]>
  /** Most reads in one request (the indexer's `MAX_BATCH`). */
  max: number
}

type Waiting = { read: string; resolve: (answer: IndexerAnswer) => void; reject: (error: unknown) => void }

/**
 * Reads that reach the API in the same turn of the event loop go to the indexer in one request, in the manner of
 * DataLoader: on PGlite the indexer answers one query at a time in one thread, and an HTTP exchange costs it about as
 * much as the query, so twenty players at once cost it one exchange, not twenty (docs/decisions/indexer.md). A read
 * that comes alone is asked alone. When the request fails, every read in it fails.
 */
export function batchReads({ fetchOne, fetchMany, max }: BatchOptions) {
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
    for (let i = 0; i < all.length; i += max) send(all.slice(i, i + max))
  }

  return (read: string) =>
    new Promise<IndexerAnswer>((resolve, reject) => {
      // The first read of a turn schedules the request; the reads after it in the same turn join it.
      if (waiting.length === 0) setImmediate(flush)
      waiting.push({ read, resolve, reject })
    })
}
