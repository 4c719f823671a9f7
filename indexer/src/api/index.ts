import { db, publicClients } from 'ponder:api'
import { activity, collector, decoration, sky } from 'ponder:schema'
import { MAX_SUPPLY_LIMIT } from '@chainellation/contracts'
import { type Context, Hono } from 'hono'
import { and, asc, desc, eq, gt, gte, inArray, lt, notInArray, or, sql } from 'ponder'
import { getAddress } from 'viem'
import { z } from 'zod'
import { starCount } from '../../lib/constellations.ts'
import { nightZones, streakStands } from '../../lib/night.ts'
import {
  type ActivityJson,
  type ActivityPageJson,
  type BatchJson,
  type CollectorJson,
  type LeaderboardJson,
  MAX_BATCH,
  type SkyJson,
  type SyncJson,
} from './json.ts'
import { address, flag, limit, query, valid, wholeNumber } from './validate.ts'

/** A condition of a `where`, as drizzle's operators build them. */
type Condition = NonNullable<ReturnType<typeof and>>

const skySorts = ['newest', 'oldest', 'gazes', 'stars', 'recent', 'streak'] as const
const QUARTER_HOUR = 900

const skiesQuery = query({
  sort: z.enum(skySorts, { error: `sort must be one of ${skySorts.join(', ')}.` }).default('newest'),
  night: flag('night').optional(),
  tz: z
    .string()
    .regex(/^-?[0-9]{1,5}$/, 'tz must be a time zone in seconds east of UTC, such as -18000.')
    .transform(Number)
    .refine(
      (s) => s >= -43_200 && s <= 50_400 && s % QUARTER_HOUR === 0,
      'tz must be a whole quarter hour from -43200 (UTC-12:00) to 50400 (UTC+14:00), in seconds.',
    )
    .optional(),
  completed: flag('completed').optional(),
  decorated: flag('decorated').optional(),
  owner: address('owner').optional(),
  q: z
    .string()
    .trim()
    .refine(
      (text) => /^#?[0-9]{1,5}$/.test(text) || /^0x[0-9a-fA-F]{40}$/.test(text),
      'q must be a sky number (such as 42 or #42) or an owner’s address; the app resolves ENS names to addresses.',
    )
    .optional(),
  page: wholeNumber('page', 1, 100_000)
    .optional()
    .transform((n) => n ?? 1),
  limit: limit(24),
})

const activityQuery = query({
  before: z
    .string()
    .regex(/^[0-9]{1,80}$/, 'before must be the id of an activity entry, as the previous page’s next gives it.')
    .optional(),
  skyId: wholeNumber('skyId', 1, MAX_SUPPLY_LIMIT).optional(),
  address: address('address').optional(),
  limit: limit(25),
})

const leaderboardQuery = query({
  by: z
    .enum(['completed', 'gazes', 'streak'], { error: 'by must be completed, gazes or streak.' })
    .default('completed'),
  limit: limit(25),
})

const time = (value: bigint | null) => (value === null ? null : Number(value))

/** A sky as the routes show it: its constellation stays secret until the sky has completed it. */
function skyJson(row: typeof sky.$inferSelect): SkyJson {
  const layer = (decorationId: number, tokenId: bigint) =>
    decorationId === 0 ? null : { decorationId, tokenId: tokenId.toString() }
  return {
    id: row.id,
    owner: getAddress(row.owner),
    tzOffset: row.tzOffset,
    primaryHue: row.primaryHue,
    secondaryHue: row.secondaryHue,
    clouds: row.clouds,
    starsRevealed: row.gazes,
    starCount: starCount(row.constellation),
    completed: row.completed,
    constellation: row.completed ? row.constellation : null,
    lastGazeAt: time(row.lastGazeAt),
    completedAt: time(row.completedAt),
    streak: { run: row.streakRun, longest: row.longestStreak, lastNight: row.lastGazeNight },
    layers: {
      silhouette: layer(row.silhouette, row.silhouetteToken),
      sky: layer(row.skyLayer, row.skyLayerToken),
      object: layer(row.object, row.objectToken),
    },
    mintedAt: Number(row.mintedAt),
    mintBlock: Number(row.mintBlock),
    mintTx: row.mintTx,
  }
}

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

/** The first page of one sky's history, as `/activity?skyId=&limit=` reads it; anything else is `undefined`. */
function skyHistoryRead(read: string): { skyId: number; limit: number } | undefined {
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
async function skyHistories(skyIds: number[], limit: number): Promise<Map<number, ActivityPageJson>> {
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

const collectorJson = (row: Omit<typeof collector.$inferSelect, 'address'>, at: `0x${string}`): CollectorJson => ({
  address: getAddress(at),
  skies: row.skies,
  starsRevealed: row.starsRevealed,
  completedSkies: row.completedSkies,
  gazes: row.gazes,
  completions: row.completions,
})

// The chain's clock decides whether it is night over a sky, as the contract's does; one read serves a second of queries.
let clock: { at: number; time: Promise<bigint> } | undefined
function chainTime(): Promise<bigint> {
  if (!clock || Date.now() - clock.at > 1_000) {
    const time = publicClients.game.getBlock({ blockTag: 'latest' }).then((block) => block.timestamp)
    time.catch(() => {
      clock = undefined
    })
    clock = { at: Date.now(), time }
  }
  return clock.time
}

/**
 * The skies whose streak stands by the chain's clock: a run, last gazed tonight or last night in their own zone
 * (@chainellation/contracts/nights), for "longest streak now" in the gallery and the leaderboard.
 */
async function standingStreaks(): Promise<Condition> {
  const stands = streakStands(await chainTime()).map(({ zones, fromNight }) =>
    and(inArray(sky.tzOffset, zones), gte(sky.lastGazeNight, fromNight)),
  )
  const run = gt(sky.streakRun, 0)
  return and(run, or(...stands)) ?? run
}

/** A query that failed: a 503 with a sentence, and the process runs on. */
function failed(error: Error, c: Context) {
  console.error(error)
  return c.json({ error: 'The indexer could not answer this request.' }, 503)
}

/** The read routes, each on its own and as a `/batch` runs them. */
const reads = new Hono()
  .get('/skies', valid('query', skiesQuery), async (c) => {
    const p = c.req.valid('query')
    const where: Condition[] = []
    if (p.completed !== undefined) where.push(eq(sky.completed, p.completed))
    if (p.decorated !== undefined) where.push(eq(sky.decorated, p.decorated))
    if (p.owner) where.push(eq(sky.owner, p.owner))
    if (p.tz !== undefined) where.push(eq(sky.tzOffset, p.tz))
    if (p.q?.startsWith('0x')) where.push(eq(sky.owner, getAddress(p.q.toLowerCase())))
    else if (p.q) where.push(eq(sky.id, Number(p.q.replace('#', ''))))
    if (p.night !== undefined) {
      const zones = nightZones(await chainTime())
      where.push(p.night ? inArray(sky.tzOffset, zones) : notInArray(sky.tzOffset, zones))
    }
    // Longest streak now: the skies whose run still stands by the chain's clock (last gazed tonight or last night,
    // in their own zone), longest first, read in order from the `streak` index.
    if (p.sort === 'streak') {
      where.push(await standingStreaks())
    }
    const order = {
      newest: [desc(sky.id)],
      oldest: [asc(sky.id)],
      gazes: [desc(sky.gazes), desc(sky.id)],
      stars: [desc(sky.gazes), desc(sky.id)],
      // As the indexes order (ponder.schema.ts: `lastGazeAt`, `ownerLastGazeAt`), NULLS LAST on the id too: a plain
      // `id desc` is NULLS FIRST to Postgres, which then read every sky of an owner (or of the gallery) with the same
      // last gaze and sorted them for each page (17.6 ms for an owner's page at 150,000 skies; 0.04 ms read in order).
      recent: [sql`${sky.lastGazeAt} desc nulls last`, sql`${sky.id} desc nulls last`],
      streak: [desc(sky.streakRun), desc(sky.id)],
    }[p.sort]
    // One row beyond the page says whether another follows, without counting every match.
    const rows = await db
      .select()
      .from(sky)
      .where(where.length ? and(...where) : undefined)
      .orderBy(...order)
      .limit(p.limit + 1)
      .offset((p.page - 1) * p.limit)
    const next = rows.length > p.limit ? p.page + 1 : null
    return c.json({ skies: rows.slice(0, p.limit).map(skyJson), page: p.page, next })
  })
  .get(
    '/skies/:skyId',
    valid('param', z.object({ skyId: wholeNumber('The sky id', 1, MAX_SUPPLY_LIMIT) })),
    async (c) => {
      const [row] = await db
        .select()
        .from(sky)
        .where(eq(sky.id, c.req.valid('param').skyId))
      return row ? c.json(skyJson(row)) : c.json({ error: 'No sky has this number yet.' }, 404)
    },
  )
  .get('/activity', valid('query', activityQuery), async (c) => {
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
  .get('/collectors/:address', valid('param', z.object({ address: address('The address') })), async (c) => {
    const at = c.req.valid('param').address
    const [row] = await db.select().from(collector).where(eq(collector.address, at))
    const nothing = { skies: 0, starsRevealed: 0, completedSkies: 0, gazes: 0, completions: 0 }
    return c.json(collectorJson(row ?? nothing, at))
  })
  .get('/leaderboard', valid('query', leaderboardQuery), async (c) => {
    const p = c.req.valid('query')
    if (p.by === 'streak') {
      // Collectors by the longest run among their skies that still stands by the chain's clock.
      const streak = sql<number>`max(${sky.streakRun})`.mapWith(Number)
      const runs = await db
        .select({ owner: sky.owner, streak })
        .from(sky)
        .where(await standingStreaks())
        .groupBy(sky.owner)
        .orderBy(desc(streak), asc(sky.owner))
        .limit(p.limit)
      const rows = runs.length
        ? await db
            .select()
            .from(collector)
            .where(
              inArray(
                collector.address,
                runs.map((r) => r.owner),
              ),
            )
        : []
      const byAddress = new Map(rows.map((row) => [row.address, row]))
      const nothing = { skies: 0, starsRevealed: 0, completedSkies: 0, gazes: 0, completions: 0 }
      return c.json({
        by: p.by,
        collectors: runs.map(({ owner, streak }) => ({
          ...collectorJson(byAddress.get(owner) ?? nothing, owner),
          streak,
        })),
      } satisfies LeaderboardJson)
    }
    const column = p.by === 'completed' ? collector.completions : collector.gazes
    const rows = await db
      .select()
      .from(collector)
      .where(sql`${column} > 0`)
      .orderBy(desc(column), asc(collector.address))
      .limit(p.limit)
    return c.json({ by: p.by, collectors: rows.map((row) => collectorJson(row, row.address)) })
  })
  .get('/decorations', async (c) => {
    const rows = await db.select().from(decoration).orderBy(asc(decoration.id))
    return c.json({
      decorations: rows.map((row) => ({
        id: row.id,
        address: getAddress(row.address),
        layer: row.layer,
        free: row.free,
        purchases: row.purchases,
      })),
    })
  })
  .get('/sync', async (c) => {
    const [[checkpoint], [meta], head] = await Promise.all([
      db
        .execute(sql`select latest_checkpoint from _ponder_checkpoint limit 1`)
        .then((result) => rowsOf<{ latest_checkpoint: string }>(result)),
      db
        .execute(sql`select value from _ponder_meta where key = 'app'`)
        .then((result) => rowsOf<{ value: { is_ready?: number } }>(result)),
      publicClients.game.getBlockNumber({ cacheTime: 1_000 }).catch(() => null),
    ])
    const indexedBlock = checkpoint ? checkpointBlock(checkpoint.latest_checkpoint) : null
    return c.json<SyncJson>({
      chainId: publicClients.game.chain?.id ?? null,
      ready: meta?.value.is_ready === 1,
      indexedBlock,
      headBlock: head === null ? null : Number(head),
      behind: head === null || indexedBlock === null ? null : Math.max(0, Number(head) - indexedBlock),
    })
  })
  .onError(failed)

/** A read `/batch` may carry: the path and query of one of the read routes above, as the API asks it. */
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

const app = new Hono()
  .route('/', reads)
  /**
   * Several reads in one request, answered one after another as each would be on its own (status and JSON text), in
   * the order asked. The API sends the reads that reach it together this way, so a busy moment costs the indexer one
   * HTTP exchange rather than one per read (docs/decisions/indexer.md).
   */
  .get('/batch', async (c) => {
    const unknown = Object.keys(c.req.queries()).filter((name) => name !== 'read')
    if (unknown.length) return c.json({ error: `Unknown parameter: ${unknown.join(', ')}.` }, 400)
    const parsed = batchQuery.safeParse(c.req.queries('read') ?? [])
    if (!parsed.success) return c.json({ error: parsed.error.issues[0]?.message ?? 'The batch is malformed.' }, 400)
    // Skies' histories (a sky page's first read) share one query per page size; every other read runs as it would alone.
    const histories = new Map(parsed.data.map((read) => [read, skyHistoryRead(read)]))
    const bySize = new Map<number, number[]>()
    for (const history of histories.values()) {
      if (history) bySize.set(history.limit, [...(bySize.get(history.limit) ?? []), history.skyId])
    }
    const pages = new Map<string, ActivityPageJson>()
    for (const [limit, skyIds] of bySize) {
      for (const [skyId, page] of await skyHistories([...new Set(skyIds)], limit)) pages.set(`${limit} ${skyId}`, page)
    }
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
  .onError(failed)

/** Rows of a raw query, whichever driver (PGlite or node-postgres) ran it. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

/**
 * The block number inside a Ponder checkpoint: fixed-width decimal fields, 10 digits of block timestamp, 16 of chain
 * id, then 16 of block number (ponder/src/utils/checkpoint.ts).
 */
function checkpointBlock(checkpoint: string): number {
  return Number(checkpoint.slice(26, 42))
}

export default app
export type IndexerApp = typeof app
