import { Hono } from 'hono'
import { z } from 'zod'
import { skyHistories, skyHistoryRead } from './activity.ts'
import { type ActivityPageJson, type BatchJson, MAX_BATCH } from './json.ts'

/** A read `/batch` may carry: the path and query of one of the read routes, as the API asks it. */
const batchRead = z
  .string()
  .max(2048, 'Each read must be at most 2,048 characters.')
  .regex(
    /^\/(skies|activity|collectors|leaderboard|decorations|sync)([/?]|$)/,
    'Each read must be the path of a read route, such as /skies?page=2.',
  )
const batchQuery = z
  .array(batchRead)
  .min(1, 'Give at least one read: /batch?read=/skies&read=/activity.')
  .max(MAX_BATCH, `A batch holds at most ${MAX_BATCH} reads.`)

type History = ReturnType<typeof skyHistoryRead>

/** The first pages of `histories` (skies' and their page sizes), one query per page size, by `${limit} ${skyId}`. */
async function historyPages(histories: Iterable<History>): Promise<Map<string, ActivityPageJson>> {
  const bySize = new Map<number, number[]>()
  for (const history of histories) {
    if (history) bySize.set(history.limit, [...(bySize.get(history.limit) ?? []), history.skyId])
  }
  const pages = new Map<string, ActivityPageJson>()
  for (const [limit, skyIds] of bySize) {
    for (const [skyId, page] of await skyHistories([...new Set(skyIds)], limit)) pages.set(`${limit} ${skyId}`, page)
  }
  return pages
}

/**
 * Several reads in one request, answered one after another as `reads` would answer each on its own (status and JSON
 * text), in the order asked. The API sends the reads that reach it together this way, so a busy moment costs the
 * indexer one HTTP exchange rather than one per read (docs/decisions/indexer.md).
 */
export const batchRoutes = (reads: Pick<Hono, 'request'>) =>
  new Hono().get('/batch', async (c) => {
    const unknown = Object.keys(c.req.queries()).filter((name) => name !== 'read')
    if (unknown.length) return c.json({ error: `Unknown parameter: ${unknown.join(', ')}.` }, 400)
    const parsed = batchQuery.safeParse(c.req.queries('read') ?? [])
    if (!parsed.success) return c.json({ error: parsed.error.issues[0]?.message ?? 'The batch is malformed.' }, 400)
    // Skies' histories (a sky page's first read) share one query per page size; every other read runs as it would alone.
    const histories = new Map(parsed.data.map((read) => [read, skyHistoryRead(read)]))
    const pages = await historyPages(histories.values())
    const answers: BatchJson['answers'] = []
    for (const read of parsed.data) {
      const history = histories.get(read)
      const page = history && pages.get(`${history.limit} ${history.skyId}`)
      if (page) {
        answers.push({ status: 200, text: JSON.stringify(page) })
        continue
      }
      const answer = await reads.request(read)
      answers.push({ status: answer.status, text: await answer.text() })
    }
    return c.json<BatchJson>({ answers })
  })
