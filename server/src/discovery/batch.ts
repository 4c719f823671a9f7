import type { IndexerAnswer } from './answers'

export type BatchOptions = {
  /** Asks the indexer for one read, giving up when `signal` aborts. */
  fetchOne: (pathAndQuery: string, signal: AbortSignal) => Promise<IndexerAnswer>
  /** Asks the indexer for several reads in one request; resolves with their answers in the same order. */
  fetchMany: (pathsAndQueries: string[], signal: AbortSignal) => Promise<IndexerAnswer[]>
  /** Most reads in one request (the indexer's `MAX_BATCH`). */
  max: number
  /**
   * Most characters of reads, URL-encoded, in one request: a request line longer than the indexer's server reads
   * (Node's 16 KiB of headers) would fail every read in it. Default {@link MAX_BATCH_CHARACTERS}.
   */
  maxCharacters?: number
  /** Most requests under way at once; reads that come meanwhile wait and go together in the next. */
  maxInFlight?: number
  /** How long a read may take from when it is asked, its wait for a request included; then it fails. */
  timeoutMs: number
}

/** Room for a batch's reads in one request line, well under Node's 16 KiB header limit. */
export const MAX_BATCH_CHARACTERS = 8_000

/**
 * Requests to the indexer under way at once. Its server accepts one new connection per turn of its event loop, and a
 * turn on PGlite runs every request already read, one query after another: 100 to 250 ms under load. Each request
 * more than the connections already open makes the API open another, which then waits that long for each one before
 * it; under a crowd that wait passed 5 s (docs/decisions/indexer.md). Four keep the same few connections busy, and
 * the reads that wait meanwhile cost the indexer one exchange between them.
 */
export const MAX_IN_FLIGHT = 4

/** What read `read` adds to a batch's URL: `read=`, its encoding, and the `&` before the next. */
const charactersOf = (read: string) => encodeURIComponent(read).length + 6

type Waiting = {
  read: string
  /** When the read was asked (`performance.now()`): its time runs from there. */
  since: number
  resolve: (answer: IndexerAnswer) => void
  reject: (error: unknown) => void
}

/**
 * Reads that reach the API together go to the indexer in one request, in the manner of DataLoader: on PGlite the
 * indexer answers one query at a time in one thread, and an HTTP exchange costs it about as much as the query, so
 * twenty players at once cost it one exchange, not twenty (docs/decisions/indexer.md). Reads of one turn of the event
 * loop go together, and while {@link MAX_IN_FLIGHT} requests are under way, so do all that come until one is answered.
 * A read that comes alone is asked alone. When the request fails, every read in it fails; a read that has waited its
 * whole time fails unasked.
 */
export function batchReads({
  fetchOne,
  fetchMany,
  max,
  maxCharacters = MAX_BATCH_CHARACTERS,
  maxInFlight = MAX_IN_FLIGHT,
  timeoutMs,
}: BatchOptions) {
  let waiting: Waiting[] = []
  let scheduled = false
  let inFlight = 0

  /** The next batch from the front of `waiting`: as many reads as one request carries. */
  const take = () => {
    let characters = 0
    let count = 0
    for (const w of waiting) {
      const size = charactersOf(w.read)
      if (count > 0 && (count === max || characters + size > maxCharacters)) break
      count++
      characters += size
    }
    const batch = waiting.slice(0, count)
    waiting = waiting.slice(count)
    return batch
  }

  const send = (batch: Waiting[]) => {
    // The batch has the time its oldest read has left.
    const oldest = Math.min(...batch.map((w) => w.since))
    const signal = AbortSignal.timeout(Math.max(1, Math.ceil(oldest + timeoutMs - performance.now())))
    const [only] = batch
    const asked =
      batch.length === 1 && only
        ? fetchOne(only.read, signal).then(only.resolve, only.reject)
        : fetchMany(
            batch.map((w) => w.read),
            signal,
          ).then(
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
    inFlight++
    void asked.finally(() => {
      inFlight--
      flush()
    })
  }

  function flush() {
    scheduled = false
    const now = performance.now()
    const late = waiting.filter((w) => now - w.since >= timeoutMs)
    if (late.length) {
      waiting = waiting.filter((w) => now - w.since < timeoutMs)
      for (const w of late) w.reject(new DOMException('the read waited its whole time for a request', 'TimeoutError'))
    }
    while (waiting.length > 0 && inFlight < maxInFlight) send(take())
  }

  return (read: string) =>
    new Promise<IndexerAnswer>((resolve, reject) => {
      waiting.push({ read, since: performance.now(), resolve, reject })
      // The first read of a turn schedules the request and the reads after it in the same turn join it; while every
      // request is under way, the next answer sends what has gathered.
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true
        setImmediate(flush)
      }
    })
}
