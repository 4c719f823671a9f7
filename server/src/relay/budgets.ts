import { and, eq, gt, lte, sql } from 'drizzle-orm'
import { type Address, formatEther } from 'viem'
import type { RelayBudgets } from '../config'
import type { Database } from '../db'
import { relaySpend, relayTransactions, relayWelcomes } from '../db/schema'
import { type Refusal, type RefusalReason, refuse } from './policy'

// What the relayer may spend, on whom, counted in the database so that every API process draws on the same budgets
// (docs/decisions/sponsored-writes.md). A send reserves its most possible cost (its gas limit at its highest fee) on
// every budget it draws on at once, or on none, before it goes out; its receipt settles the reservation at what it
// cost, and a send that never went out releases it. A crowd of new accounts is held by two limits of the whole game's:
// how many new players it takes on in any minute, and the share of the day players new today may spend, so that what
// is kept back stays for players who have played before.

export type { RelayBudgets }

/** Who a request spends for: the player, and the network its client connects from (`networkKey`). */
export type Spender = { player: Address; client: string }

/**
 * Where a player stands with the relayer: `new` before it has sent anything for them, `returning` once a transaction
 * of theirs was mined on an earlier UTC day, and `today` in between.
 */
export type Standing = 'new' | 'today' | 'returning'

type Scope = (typeof relaySpend.$inferSelect)['scope']

/** What a reservation holds, to settle or release it. */
export type Reservation = { day: string; rows: { scope: Scope; key: string }[]; wei: bigint }

/** The UTC day `at` falls on, `YYYY-MM-DD`: budgets start again at midnight UTC. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10)

const eth = (wei: bigint) => `${formatEther(wei)} ETH`

const UNTIL_MIDNIGHT = 'it pays again from midnight UTC.'

const REFUSALS: Record<Scope, { reason: RefusalReason; words: (limit: bigint) => string }> = {
  player: {
    reason: 'budget-player',
    words: (limit) => `You have used the gas the game pays for you today (${eth(limit)}); ${UNTIL_MIDNIGHT}`,
  },
  client: {
    reason: 'budget-network',
    words: (limit) => `Your network has used the gas the game pays for it today (${eth(limit)}); ${UNTIL_MIDNIGHT}`,
  },
  all: { reason: 'budget-all', words: () => `The game has paid all the gas it pays for today; ${UNTIL_MIDNIGHT}` },
  newcomers: {
    reason: 'budget-newcomers',
    words: () =>
      `The game has paid all it pays today for players new to it, and keeps the rest for those who have played before; ${UNTIL_MIDNIGHT}`,
  },
}

class OverBudget extends Error {
  constructor(readonly scope: Scope) {
    super(`over the ${scope} budget`)
  }
}

/**
 * Where `player` stands with the relayer on `chainId` on the day `at` falls on, from what it sent for them: returning
 * once a transaction of theirs was mined before that day began, so that accounts made today, however many, never
 * draw on what is kept back for players who have played before.
 */
export async function standingOf(db: Database, chainId: number, player: Address, at: Date): Promise<Standing> {
  const dayStart = `${utcDay(at)}T00:00:00Z`
  const [row] = await db
    .select({
      sent: sql<number>`count(*)::int`,
      before: sql<number>`count(*) filter (where ${relayTransactions.status} = 'mined' and ${relayTransactions.createdAt} < ${dayStart}::timestamptz)::int`,
    })
    .from(relayTransactions)
    .where(and(eq(relayTransactions.chainId, chainId), eq(relayTransactions.player, player.toLowerCase())))
  if (row && row.before > 0) return 'returning'
  return row && row.sent > 0 ? 'today' : 'new'
}

/** The window new players are counted in: the last minute. */
const NEW_PLAYERS_WINDOW_MS = 60_000

/**
 * Takes a place for a new player, `player`, among those the relayer takes on on `chainId` in any minute: fewer than
 * `budgets.newPlayersPerMinute` were taken in the minute before `at`, or the refusal, with when a place frees. The
 * place is taken before anything is asked of the chain, under a lock every API process takes for the chain's places,
 * so that two processes never both take the last one and a crowd past it costs the node nothing; a request that is
 * not sent gives its place back (`unwelcome`). Places older than the minute are cleared as new ones are taken.
 */
export async function welcome(
  db: Database,
  chainId: number,
  player: Address,
  budgets: Pick<RelayBudgets, 'newPlayersPerMinute'>,
  at: Date,
): Promise<{ place: number } | Refusal> {
  const since = new Date(at.getTime() - NEW_PLAYERS_WINDOW_MS)
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`relay-welcomes:${chainId}`}))`)
    const inWindow = and(eq(relayWelcomes.chainId, chainId), gt(relayWelcomes.at, since))
    await tx.delete(relayWelcomes).where(and(eq(relayWelcomes.chainId, chainId), lte(relayWelcomes.at, since)))
    const [row] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<number>`(extract(epoch from min(${relayWelcomes.at})) * 1000)::float8`.mapWith(Number),
      })
      .from(relayWelcomes)
      .where(inWindow)
    if ((row?.count ?? 0) >= budgets.newPlayersPerMinute) {
      // The first place to free is the oldest's, a minute after it was taken.
      const frees = (row?.oldest ?? at.getTime()) + NEW_PLAYERS_WINDOW_MS
      const seconds = Math.max(1, Math.ceil((frees - at.getTime()) / 1000))
      return refuse(
        'budget',
        `The game is welcoming as many new players as it can this minute: try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        'new-players',
      )
    }
    const [taken] = await tx
      .insert(relayWelcomes)
      .values({ chainId, player: player.toLowerCase(), at })
      .returning({ id: relayWelcomes.id })
    if (!taken) throw new Error('The new player’s place was not recorded.')
    return { place: taken.id }
  })
}

/** Gives back a place `welcome` took, for a request that was not sent. */
export async function unwelcome(db: Database, place: number) {
  await db.delete(relayWelcomes).where(eq(relayWelcomes.id, place))
}

/**
 * Reserves `wei` on the day `at` falls on, on the player's, the network's and the relayer's budgets, and, for a player
 * who is not `returning`, on what players new today may spend: on all of them, or, when one has not that much left,
 * on none, with the refusal the page shows. Each budget's row is updated only where the sum stays within it, in one
 * statement, so that reservations made at once from several processes never spend past a budget together.
 */
export async function reserve(
  db: Database,
  budgets: RelayBudgets,
  spender: Spender,
  wei: bigint,
  at: Date,
  standing: Standing = 'returning',
): Promise<Reservation | Refusal> {
  const day = utcDay(at)
  const rows: { scope: Scope; key: string; limit: bigint }[] = [
    { scope: 'player', key: spender.player.toLowerCase(), limit: budgets.playerWei },
    { scope: 'client', key: spender.client, limit: budgets.clientWei },
    { scope: 'all', key: '', limit: budgets.allWei },
  ]
  if (standing !== 'returning') rows.push({ scope: 'newcomers', key: '', limit: budgets.newcomersWei })
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
    const limit = rows.find((r) => r.scope === error.scope)?.limit ?? 0n
    const { reason, words } = REFUSALS[error.scope]
    return refuse('budget', words(limit), reason)
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
