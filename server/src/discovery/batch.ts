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
  /**
   * Most requests to the indexer at once (default {@link MAX_IN_FLIGHT}); reads that come meanwhile wait, and go
   * together in the next.
   */
  maxInFlight?: number
}

/** Room for a batch's reads in one request line, well under Node's 16 KiB header limit. */
export const MAX_BATCH_CHARACTERS = 8_000

/**
 * Requests at once to the indexer: one in its hands while the next travels. Its process answers one at a time, and
 * reads that wait for a free request go together in it: at 100 clients on a sky's history (15,000 skies, Postgres),
 * 1,916–2,277 reads a second against 1,758–1,988 with every turn's reads sent at once (three runs each).
 */
export const MAX_IN_FLIGHT = 2

/** What read `read` adds to a batch's URL: `read=`, its encoding, and the `&` before the next. */
const charactersOf = (read: string) => encodeURIComponent(read).length + 6

type Waiting = { read: string; resolve: (answer: IndexerAnswer) => void; reject: (error: unknown) => void }

/**
 * Reads that reach the API in the same turn of the event loop go to the indexer in one request, in the manner of
 * DataLoader: on PGlite the indexer answers one query at a time in one thread, and an HTTP exchange costs it about as
 * much as the query, so twenty players at once cost it one exchange, not twenty (docs/decisions/indexer.md). At most
 * `maxInFlight` requests are out at once; reads that come meanwhile wait and go in the next. A read that comes alone
 * is asked alone. When the request fails, every read in it fails.
 */
export function batchReads({
  fetchOne,
  fetchMany,
  max,
  maxCharacters = MAX_BATCH_CHARACTERS,
  maxInFlight = MAX_IN_FLIGHT,
}: BatchOptions) {
  const waiting: Waiting[] = []
  let inFlight = 0
  let scheduled = false

  const send = (batch: Waiting[]): Promise<unknown> => {
    const [only] = batch
    if (batch.length === 1 && only) return fetchOne(only.read).then(only.resolve, only.reject)
    return fetchMany(batch.map((w) => w.read)).then(
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

  /** The reads at the head of the queue that fit in one request. */
  const nextBatch = () => {
    let characters = 0
    let taken = 0
    for (const w of waiting) {
      const size = charactersOf(w.read)
      if (taken > 0 && (taken === max || characters + size > maxCharacters)) break
      taken += 1
      characters += size
    }
    return waiting.splice(0, taken)
  }

  const flush = () => {
    scheduled = false
    while (waiting.length > 0 && inFlight < maxInFlight) {
      inFlight += 1
      void send(nextBatch()).finally(() => {
        inFlight -= 1
        schedule()
      })
    }
  }

  // The first read of a turn schedules the request; the reads after it in the same turn join it.
  const schedule = () => {
    if (scheduled || waiting.length === 0) return
    scheduled = true
    setImmediate(flush)
  }

  return (read: string) =>
    new Promise<IndexerAnswer>((resolve, reject) => {
      waiting.push({ read, resolve, reject })
      schedule()
    })
}
