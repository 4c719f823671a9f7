import { db } from 'ponder:api'
import { collector, sky } from 'ponder:schema'
import { Hono } from 'hono'
import { asc, desc, eq, inArray, sql } from 'ponder'
import { getAddress } from 'viem'
import { z } from 'zod'
import type { CollectorJson, LeaderboardJson } from './json.ts'
import { standingStreaks } from './streaks.ts'
import { address, limit, query, valid } from './validate.ts'

const leaderboardQuery = query({
  by: z
    .enum(['completed', 'gazes', 'streak'], { error: 'by must be completed, gazes or streak.' })
    .default('completed'),
  limit: limit(25),
})

/** The figures of an address that has done nothing yet. */
const nothing = { skies: 0, starsRevealed: 0, completedSkies: 0, gazes: 0, completions: 0 }

const collectorJson = (row: Omit<typeof collector.$inferSelect, 'address'>, at: `0x${string}`): CollectorJson => ({
  address: getAddress(at),
  skies: row.skies,
  starsRevealed: row.starsRevealed,
  completedSkies: row.completedSkies,
  gazes: row.gazes,
  completions: row.completions,
})

/** Collectors by the longest run among their skies that still stands by the chain's clock. */
async function byStreak(count: number): Promise<LeaderboardJson> {
  const streak = sql<number>`max(${sky.streakRun})`.mapWith(Number)
  const runs = await db
    .select({ owner: sky.owner, streak })
    .from(sky)
    .where(await standingStreaks())
    .groupBy(sky.owner)
    .orderBy(desc(streak), asc(sky.owner))
    .limit(count)
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
  return {
    by: 'streak',
    collectors: runs.map(({ owner, streak }) => ({
      ...collectorJson(byAddress.get(owner) ?? nothing, owner),
      streak,
    })),
  }
}

/** An address's figures, and the collectors who did most. */
export const collectorRoutes = new Hono()
  .get('/collectors/:address', valid('param', z.object({ address: address('The address') })), async (c) => {
    const at = c.req.valid('param').address
    const [row] = await db.select().from(collector).where(eq(collector.address, at))
    return c.json(collectorJson(row ?? nothing, at))
  })
  .get('/leaderboard', valid('query', leaderboardQuery), async (c) => {
    const p = c.req.valid('query')
    if (p.by === 'streak') return c.json(await byStreak(p.limit))
    const column = p.by === 'completed' ? collector.completions : collector.gazes
    const rows = await db
      .select()
      .from(collector)
      .where(sql`${column} > 0`)
      .orderBy(desc(column), asc(collector.address))
      .limit(p.limit)
    return c.json({
      by: p.by,
      collectors: rows.map((row) => collectorJson(row, row.address)),
    } satisfies LeaderboardJson)
  })
