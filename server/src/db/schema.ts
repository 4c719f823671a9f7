import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Sign-in nonces: issued by GET /api/auth/nonce, spent by the one sign-in that carries them. */
export const nonces = pgTable(
  'nonces',
  {
    value: text('value').primaryKey(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    /** Set once, atomically, by the sign-in that spends the nonce; a replay finds it set. */
    usedAt: instant('used_at'),
  },
  (table) => [index('nonces_expires_at_idx').on(table.expiresAt)],
)

/** Signed-in sessions. Only a SHA-256 of the cookie's token is stored, so the table alone cannot sign anyone in. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    address: text('address').notNull(),
    chainId: integer('chain_id').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (table) => [index('sessions_expires_at_idx').on(table.expiresAt)],
)

/** One layer of a draft, as the Decorations contract takes it: decoration 0 is the empty layer. */
export type DraftLayer = {
  /** 1 silhouette, 2 sky, 3 object. */
  layer: 1 | 2 | 3
  /** uint16 */
  decorationId: number
  /** uint64, in decimal. */
  tokenId: string
}

/** Compositions saved from the Compose page; the id is also the share link (see docs/decisions/drafts.md). */
export const drafts = pgTable(
  'drafts',
  {
    id: text('id').primaryKey(),
    /** Checksummed address, as sessions store it. */
    owner: text('owner').notNull(),
    name: text('name').notNull(),
    chainId: integer('chain_id').notNull(),
    /** uint256 in decimal, or null for a composition not tied to a sky. */
    skyId: text('sky_id'),
    /** Exactly three, ordered by layer. */
    layers: jsonb('layers').$type<DraftLayer[]>().notNull(),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [
    index('drafts_owner_updated_at_idx').on(table.owner, table.updatedAt.desc()),
    // The API checks far more; these keep a bug elsewhere from storing what no page can show.
    check('drafts_name_length', sql`char_length(${table.name}) between 1 and 80`),
    check('drafts_three_layers', sql`jsonb_array_length(${table.layers}) = 3`),
  ],
)

/**
 * Rate-limit counts shared by every API process on Postgres (src/rate-limit.ts), in the shape rate-limiter-flexible's
 * RateLimiterPostgres reads and writes: a limit's name and the client's key, the requests counted, and when the
 * window ends (milliseconds since the epoch). Unlogged (the migration says so; Drizzle's schema cannot): counts are
 * not worth a WAL write and its flush at every request, and a crash that empties them only forgives some requests.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
})

/**
 * What the relayer has spent on sponsored writes, by UTC day and by whom (src/relay/budgets.ts): a player's address,
 * a client's network, the whole relayer (`all`, key ''), or the players new that day together (`newcomers`, key ''),
 * in wei of gas and in requests, counted in the database so that every API process draws on the same budgets. A send
 * reserves its most possible cost before it goes out and settles at its receipt's.
 */
export const relaySpend = pgTable(
  'relay_spend',
  {
    /** UTC day, `YYYY-MM-DD`. */
    day: text('day').notNull(),
    scope: text('scope', { enum: ['player', 'client', 'all', 'newcomers'] }).notNull(),
    key: text('key').notNull(),
    /** Wei, in decimal: a day's gas can exceed what a JavaScript number holds exactly. */
    wei: numeric('wei', { precision: 78, scale: 0 }).notNull(),
    requests: integer('requests').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.scope, table.key] })],
)

/**
 * The relayer's transactions (src/relay/sender.ts), one per player's request: recorded with the transaction signed
 * before it is broadcast, so that any API process can broadcast it again, replace it when it is stuck, or settle it
 * from its receipt, and a request sent again is answered with the same transaction rather than sent twice.
 */
export const relayTransactions = pgTable(
  'relay_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    /** The account that pays, lower case. */
    relayer: text('relayer').notNull(),
    /** The transaction's nonce, the relayer's. */
    nonce: integer('nonce').notNull(),
    /**
     * The forwarder the request was signed for, lower case; unset on transactions recorded before it was kept. With
     * the player and the request's nonce it names the one call the forwarder will execute.
     */
    forwarder: text('forwarder'),
    /** The player who signed the request, lower case, and the request's nonce on the forwarder (decimal). */
    player: text('player').notNull(),
    requestNonce: numeric('request_nonce', { precision: 78, scale: 0 }).notNull(),
    /** The request's signature, in its canonical spelling (policy.ts): the same request sent again is found by it. */
    signature: text('signature').notNull(),
    /** What it calls, for the logs and the metrics: `Chainellation.mint`. */
    call: text('call').notNull(),
    /** The latest signed transaction, whole, and its hash; `hashes` holds every one broadcast, the first first. */
    raw: text('raw').notNull(),
    hash: text('hash').notNull(),
    hashes: jsonb('hashes').$type<string[]>().notNull(),
    /** The latest transaction's fees and gas limit, in wei and gas (decimal). */
    maxFeePerGas: numeric('max_fee_per_gas', { precision: 78, scale: 0 }).notNull(),
    maxPriorityFeePerGas: numeric('max_priority_fee_per_gas', { precision: 78, scale: 0 }).notNull(),
    gasLimit: numeric('gas_limit', { precision: 78, scale: 0 }).notNull(),
    /** The budgets it draws on (src/relay/budgets.ts): their day and keys, and the wei reserved on each. */
    reservation: jsonb('reservation').$type<{ day: string; rows: { scope: string; key: string }[] }>().notNull(),
    reservedWei: numeric('reserved_wei', { precision: 78, scale: 0 }).notNull(),
    /** `sent` until a receipt settles it (`mined`, `reverted`) or its nonce is taken by another (`dropped`). */
    status: text('status', { enum: ['sent', 'mined', 'reverted', 'dropped'] }).notNull(),
    /** What it cost, from its receipt (gas used at the price paid). */
    costWei: numeric('cost_wei', { precision: 78, scale: 0 }),
    createdAt: instant('created_at').notNull(),
    /** When the latest transaction was broadcast: one that stays unmined too long is replaced at higher fees. */
    broadcastAt: instant('broadcast_at').notNull(),
    settledAt: instant('settled_at'),
  },
  (table) => [
    // A request is sent once, unless its transaction was dropped or reverted, which leaves its nonce unused on the
    // forwarder (a reverted call reverts the forwarder's use of it), for the player to send again.
    uniqueIndex('relay_transactions_request_idx')
      .on(table.chainId, table.signature)
      .where(sql`${table.status} in ('sent', 'mined')`),
    // One transaction at a time for a request's (forwarder, signer, nonce), whatever its signature's bytes: a second
    // would revert at the relayer's cost. Once one is mined the forwarder's nonce has moved on, which the relayer
    // checks before it sends; one that reverted or was dropped leaves the nonce for the player to sign again.
    uniqueIndex('relay_transactions_forwarded_idx')
      .on(table.chainId, table.forwarder, table.player, table.requestNonce)
      .where(sql`${table.status} = 'sent'`),
    // A player's transactions, for where they stand with the relayer (new, today's, returning).
    index('relay_transactions_player_idx').on(table.chainId, table.player),
    // No two unsettled transactions of one relayer share a nonce; the keeper reads the unsettled ones by it.
    uniqueIndex('relay_transactions_unsettled_idx')
      .on(table.chainId, table.relayer, table.nonce)
      .where(sql`${table.status} = 'sent'`),
  ],
)

/**
 * The new players the relayer took on, one row each, by when (src/relay/budgets.ts): a new player's request takes a
 * place here before anything is asked of the chain, and gives it back if it is not sent, so that how many were taken
 * on in the last minute is known to every API process at once, and a crowd past it costs the node nothing.
 */
export const relayWelcomes = pgTable(
  'relay_welcomes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    /** The player, lower case. */
    player: text('player').notNull(),
    at: instant('at').notNull(),
  },
  (table) => [index('relay_welcomes_at_idx').on(table.chainId, table.at)],
)

/**
 * Calendar feeds of players' skies' nights (src/calendar/), one per account and chain: only a SHA-256 of the feed's
 * secret is stored, so the table alone opens no feed; making a new link replaces the row, and with it the old link.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** Checksummed address, as sessions store it. */
    address: text('address').notNull(),
    chainId: integer('chain_id').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [uniqueIndex('calendar_feeds_account_idx').on(table.address, table.chainId)],
)

/**
 * Reminders a signed-in owner asked for (src/reminders/): one row per browser push subscription and sky, with the
 * subscription's endpoint and keys (RFC 8030, RFC 8291) to send the night's reminder to. An endpoint the push service
 * says is gone (404, 410) is deleted with all its rows.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Checksummed address, as sessions store it: the owner who asked. */
    address: text('address').notNull(),
    chainId: integer('chain_id').notNull(),
    skyId: integer('sky_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The sky's time zone, seconds east of UTC, as the contract keeps it for good: where its nights begin. */
    tzOffset: integer('tz_offset').notNull(),
    /** Hours after the night begins (18:00 there) the owner is reminded: 0 to 11. */
    hour: smallint('hour').notNull().default(0),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('reminders_endpoint_sky_idx').on(table.endpoint, table.chainId, table.skyId),
    index('reminders_sky_idx').on(table.chainId, table.skyId),
    index('reminders_address_idx').on(table.address),
  ],
)

/**
 * Each night's reminder to one browser, claimed before it is sent and marked once its push service took it
 * (src/reminders/schedule.ts): however many processes work the schedule, and however often a job is tried again,
 * a browser is sent a sky's night once. Rows of nights long past are deleted by the planner.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    endpoint: text('endpoint').notNull(),
    chainId: integer('chain_id').notNull(),
    skyId: integer('sky_id').notNull(),
    /** The night, numbered as @chainellation/contracts/nights numbers them. */
    night: integer('night').notNull(),
    claimedAt: instant('claimed_at').notNull(),
    /** When the push service took it; unset while a send is under way (or its process died). */
    sentAt: instant('sent_at'),
  },
  (table) => [primaryKey({ columns: [table.endpoint, table.chainId, table.skyId, table.night] })],
)
