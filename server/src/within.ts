// Reads a page or a share card waits for only so long (page-reads.ts): a slow node or index costs the answer that
// part, never the answer.

/**
 * Deadlines that fall within the same {@link DEADLINE_STEP_MS} share one timer: one for every request in that time,
 * rather than a timer set and cleared for each request of a sky's page.
 */
export const DEADLINE_STEP_MS = 20

/** Per shared deadline, the waits that have not yet had their answer. */
const waiting = new Map<number, Set<() => void>>()

/**
 * What `read` gives within `ms` (and at most {@link DEADLINE_STEP_MS} more), or `undefined` once that has passed; a
 * read that fails, fails it. A wait leaves its shared deadline as soon as its read settles, so that nothing of a request
 * outlives it. Kept on the deadline until it passed (as a reaction of Promise.race on a shared promise), every request
 * of a sky's page left its promises alive for 400 ms: at thousands a second, each one lived long enough to be moved to
 * V8's old generation and collected there.
 */
export function within<T>(ms: number, read: Promise<T>): Promise<T | undefined> {
  return new Promise<T | undefined>((resolve, reject) => {
    const due = waitsUntil(Math.ceil((Date.now() + ms) / DEADLINE_STEP_MS) * DEADLINE_STEP_MS)
    const giveUp = () => resolve(undefined)
    due.add(giveUp)
    read.then(
      (value) => {
        due.delete(giveUp)
        resolve(value)
      },
      (error: unknown) => {
        due.delete(giveUp)
        reject(error)
      },
    )
  })
}

/** The waits of the shared deadline at `at`, its timer set by the first of them. */
function waitsUntil(at: number): Set<() => void> {
  const known = waiting.get(at)
  if (known) return known
  const due = new Set<() => void>()
  waiting.set(at, due)
  setTimeout(() => {
    waiting.delete(at)
    for (const giveUp of due) giveUp()
  }, at - Date.now()).unref()
  return due
}

/** How many waits are still on a shared deadline: none once their reads have settled. */
export const pendingWaits = () => [...waiting.values()].reduce((n, waits) => n + waits.size, 0)
