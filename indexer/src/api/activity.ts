import { db } from 'ponder:api'
import { activity } from 'ponder:schema'
import { MAX_SUPPLY_LIMIT } from '@chainellation/contracts'
import { Hono } from 'hono'
import { and, desc, eq, lt, or, sql } from 'ponder'
import { getAddress } from 'viem'
import { z } from 'zod'
import type { ActivityJson, ActivityPageJson } from './json.ts'
import type { Condition } from './streaks.ts'
import { address, limit, query, valid, wholeNumber } from './validate.ts'

const activityQuery = query({
  before: z
    .string()
    .regex(/^[0-9]{1,80}$/, 'before must be the id of an activity entry, as the previous page’s next gives it.')
    .optional(),
  skyId: wholeNumber('skyId', 1, MAX_SUPPLY_LIMIT).optional(),
  address: address('address').optional(),
  limit: limit(25),
})

function activityJson(row: typeof activity.$inferSelect): ActivityJson {
  return {
    id: row.id,
    kind: row.kind,
    skyId: row.skyId,
    account: getAddress(row.account),
    recipient: row.recipient && getAddress(row.recipient),
    starsRevealed: row.gazes,
    constellation: row.constellation,
    decorationId: row.decorationId,
    tokenId: row.tokenId?.toString() ?? null,
    blockNumber: Number(row.blockNumber),
    txHash: row.txHash,
    logIndex: row.logIndex,
    timestamp: Number(row.timestamp),
  }
}

/** A page of the feed: `next` is the cursor of the page after it, when this one is full. */
const activityPage = (rows: (typeof activity.$inferSelect)[], limit: number): ActivityPageJson => ({
  activity: rows.map(activityJson),
  next: rows.length === limit ? (rows.at(-1)?.id ?? null) : null,
})

/** The feed of game events, newest first: every one, one sky's, or one account's. */
export const activityRoutes = new Hono().get('/activity', valid('query', activityQuery), async (c) => {
  const p = c.req.valid('query')
  const where: Condition[] = []
  if (p.before) where.push(lt(activity.id, p.before))
  if (p.skyId !== undefined) where.push(eq(activity.skyId, p.skyId))
  if (p.address) {
    const involved = or(eq(activity.account, p.address), eq(activity.recipient, p.address))
    if (involved) where.push(involved)
  }
  const rows = await db
    .select()
    .from(activity)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(activity.id))
    .limit(p.limit)
  return c.json(activityPage(rows, p.limit))
})

/** The first page of one sky's history, as `/activity?skyId=&limit=` reads it; anything else is `undefined`. */
export function skyHistoryRead(read: string): { skyId: number; limit: number } | undefined {
  const url = new URL(read, 'http://indexer')
  const names = [...url.searchParams.keys()]
  if (url.pathname !== '/activity' || new Set(names).size !== names.length) return undefined
  if (names.some((name) => name !== 'skyId' && name !== 'limit')) return undefined
  const parsed = activityQuery.safeParse(Object.fromEntries(url.searchParams))
  return parsed.success && parsed.data.skyId !== undefined
    ? { skyId: parsed.data.skyId, limit: parsed.data.limit }
    : undefined
}

/**
 * The first pages of several skies' histories in one query: for each sky, its newest `limit` events read from the
 * `skyId` index (a LATERAL subquery over the skies' ids), then those rows. Answers as `/activity` would. It was a
 * UNION ALL of one query per sky, which Postgres planned part by part on every batch: 6.7–7.1 ms for 32 skies at
 * 15,000 skies, 3.6–5.0 ms of it planning, against 0.7–0.9 ms now (EXPLAIN ANALYZE, docs/decisions/indexer.md).
 */
export async function skyHistories(skyIds: number[], limit: number): Promise<Map<number, ActivityPageJson>> {
  if (skyIds.length === 0) return new Map()
  const ids = sql.join(
    skyIds.map((skyId) => sql`${skyId}`),
    sql`, `,
  )
  // A sky's newest ids: inside the LATERAL subquery the table's name is its own reference.
  const ofSky = sql`select ${activity.id} as id from ${activity} where ${activity.skyId} = wanted.sky_id order by ${activity.id} desc limit ${limit}`
  const newest = sql`select newest.id from unnest(array[${ids}]::integer[]) as wanted(sky_id) cross join lateral (${ofSky}) as newest`
  const rows = await db.select().from(activity).where(sql`${activity.id} in (${newest})`)
  const pages = new Map<number, ActivityPageJson>()
  for (const skyId of skyIds) {
    // Newest first, as `/activity` answers; the rows come in no order.
    const own = rows.filter((row) => row.skyId === skyId).sort((a, b) => (a.id < b.id ? 1 : -1))
    pages.set(skyId, activityPage(own, limit))
  }
  return pages
}
