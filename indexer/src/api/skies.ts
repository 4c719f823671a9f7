import { db } from 'ponder:api'
import { sky } from 'ponder:schema'
import { MAX_SUPPLY_LIMIT } from '@chainellation/contracts'
import { Hono } from 'hono'
import { and, asc, desc, eq, inArray, notInArray, sql } from 'ponder'
import { getAddress } from 'viem'
import { z } from 'zod'
import { starCount } from '../../lib/constellations.ts'
import { nightZones } from '../../lib/night.ts'
import type { SkiesPageJson, SkyJson } from './json.ts'
import { type Condition, chainTime, standingStreaks } from './streaks.ts'
import { address, flag, limit, query, valid, wholeNumber } from './validate.ts'

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

type SkiesQuery = z.output<typeof skiesQuery>

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

/** What a gallery query's filters keep of the skies. */
async function skiesWhere(p: SkiesQuery): Promise<Condition[]> {
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
  return where
}

/** The order of a sort, as the table's indexes read it. */
const skyOrder = (sort: SkiesQuery['sort']) =>
  ({
    newest: [desc(sky.id)],
    oldest: [asc(sky.id)],
    gazes: [desc(sky.gazes), desc(sky.id)],
    stars: [desc(sky.gazes), desc(sky.id)],
    // As the indexes order (ponder.schema.ts: `lastGazeAt`, `ownerLastGazeAt`), NULLS LAST on the id too: a plain
    // `id desc` is NULLS FIRST to Postgres, which then read every sky of an owner (or of the gallery) with the same
    // last gaze and sorted them for each page (17.6 ms for an owner's page at 150,000 skies; 0.04 ms read in order).
    recent: [sql`${sky.lastGazeAt} desc nulls last`, sql`${sky.id} desc nulls last`],
    streak: [desc(sky.streakRun), desc(sky.id)],
  })[sort]

/** The gallery's routes: a page of skies by its sorts and filters, and one sky. */
export const skiesRoutes = new Hono()
  .get('/skies', valid('query', skiesQuery), async (c) => {
    const p = c.req.valid('query')
    const where = await skiesWhere(p)
    // One row beyond the page says whether another follows, without counting every match.
    const rows = await db
      .select()
      .from(sky)
      .where(where.length ? and(...where) : undefined)
      .orderBy(...skyOrder(p.sort))
      .limit(p.limit + 1)
      .offset((p.page - 1) * p.limit)
    const next = rows.length > p.limit ? p.page + 1 : null
    return c.json({ skies: rows.slice(0, p.limit).map(skyJson), page: p.page, next } satisfies SkiesPageJson)
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
