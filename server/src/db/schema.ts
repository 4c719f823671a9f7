import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

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
