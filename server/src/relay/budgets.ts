import { and, eq, sql } from 'drizzle-orm'
import { type Address, formatEther } from 'viem'
import type { Database } from '../db'
import { relaySpend } from '../db/schema'
import { PAY_YOURSELF, type Refusal } from './policy'

// What the relayer may spend a day, on whom, counted in the database so that every API process draws on the same
// budgets (docs/decisions/sponsored-writes.md). A send reserves its most possible cost (its gas limit at its highest
// fee) on all three budgets at once, or on none, before it goes out; its receipt settles the reservation at what it
// cost, and a send that never went out releases it.

/** Daily budgets, in wei of gas. */
export type RelayBudgets = {
  /** What one player's requests may cost a day. */
  playerWei: bigint
  /** What one client's requests may cost a day, whichever players they are for (its address, as the API keys it). */
  clientWei: bigint
  /** What the relayer spends a day in all. */
  allWei: bigint
}

/** Who a request spends for. */
export type Spender = { player: Address; client: string }

type Scope = (typeof relaySpend.$inferSelect)['scope']

/** What a reservation holds, to settle or release it. */
export type Reservation = { day: string; rows: { scope: Scope; key: string }[]; wei: bigint }

/** The UTC day `at` falls on, `YYYY-MM-DD`: budgets start again at midnight UTC. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10)

const eth = (wei: bigint) => `${formatEther(wei)} ETH`

const REFUSALS: Record<Scope, (limit: bigint) => string> = {
  player: (limit) =>
    `You have used the gas the game pays for you today (${eth(limit)}); it pays again from midnight UTC.`,
  client: (limit) =>
    `This connection has used the gas the game pays for it today (${eth(limit)}); it pays again from midnight UTC.`,
  all: () => 'The game has paid all the gas it pays for today; it pays again from midnight UTC.',
}

class OverBudget extends Error {
  constructor(readonly scope: Scope) {
    super(`over the ${scope} budget`)
  }
}

/**
 * Reserves `wei` on the player's, the client's and the relayer's budgets of the day `at` falls on: on all three, or,
 * when one of them has not that much left, on none, with the refusal the page shows. Each budget's row is updated
 * only where the sum stays within it, in one statement, so that reservations made at once from several processes
 * never spend past a budget together.
 */
export async function reserve(
  db: Database,
  budgets: RelayBudgets,
  spender: Spender,
  wei: bigint,
  at: Date,
): Promise<Reservation | Refusal> {
  const day = utcDay(at)
  const rows: { scope: Scope; key: string; limit: bigint }[] = [
    { scope: 'player', key: spender.player.toLowerCase(), limit: budgets.playerWei },
    { scope: 'client', key: spender.client, limit: budgets.clientWei },
    { scope: 'all', key: '', limit: budgets.allWei },
  ]
  try {
    await db.transaction(async (tx) => {
      for (const { scope, key, limit } of rows) {
        if (wei > limit) throw new OverBudget(scope)
        const updated = await tx
          .insert(relaySpend)
          .values({ day, scope, key, wei: wei.toString(), requests: 1 })
          .onConflictDoUpdate({
            target: [relaySpend.day, relaySpend.scope, relaySpend.key],
            set: { wei: sql`${relaySpend.wei} + excluded.wei`, requests: sql`${relaySpend.requests} + 1` },
            setWhere: sql`${relaySpend.wei} + excluded.wei <= ${limit.toString()}`,
          })
          .returning({ wei: relaySpend.wei })
        if (updated.length === 0) throw new OverBudget(scope)
      }
    })
  } catch (error) {
    if (!(error instanceof OverBudget)) throw error
    const limit = rows.find((row) => row.scope === error.scope)?.limit ?? 0n
    return { code: 'budget', message: `${REFUSALS[error.scope](limit)} ${PAY_YOURSELF}` }
  }
  return { day, rows: rows.map(({ scope, key }) => ({ scope, key })), wei }
}

/** Adds `delta` wei (and `requests`) to each of the reservation's rows. */
async function adjust(db: Database, reservation: Reservation, delta: bigint, requests: number) {
  await db.transaction(async (tx) => {
    for (const { scope, key } of reservation.rows) {
      await tx
        .update(relaySpend)
        .set({ wei: sql`${relaySpend.wei} + ${delta.toString()}`, requests: sql`${relaySpend.requests} + ${requests}` })
        .where(and(eq(relaySpend.day, reservation.day), eq(relaySpend.scope, scope), eq(relaySpend.key, key)))
    }
  })
}

/** Counts what a sent request cost (`wei`, from its receipt) in place of what was reserved for it. */
export const settle = (db: Database, reservation: Reservation, wei: bigint) =>
  adjust(db, reservation, wei - reservation.wei, 0)

/** Gives back a reservation whose request never went out. */
export const release = (db: Database, reservation: Reservation) => adjust(db, reservation, -reservation.wei, -1)

/**
 * Adds `wei` to a reservation's rows, beyond their budgets if need be: what a stuck transaction's replacement could
 * cost more, for a request that is already out.
 */
export const extend = (db: Database, reservation: Reservation, wei: bigint) => adjust(db, reservation, wei, 0)

/** What `scope`'s `key` has spent on the day `at` falls on, in wei, and in how many requests. */
export async function spent(db: Database, scope: Scope, key: string, at: Date) {
  const [row] = await db
    .select({ wei: relaySpend.wei, requests: relaySpend.requests })
    .from(relaySpend)
    .where(and(eq(relaySpend.day, utcDay(at)), eq(relaySpend.scope, scope), eq(relaySpend.key, key)))
  return { wei: BigInt(row?.wei ?? 0), requests: row?.requests ?? 0 }
}
