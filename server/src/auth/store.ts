import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lte } from 'drizzle-orm'
import type { Database } from '../db'
import { nonces, sessions } from '../db/schema'

/** 128 random bits as 32 hex characters: alphanumeric, as EIP-4361 requires of a nonce. */
export const newNonce = () => randomBytes(16).toString('hex')

/** 256 random bits, base64url: the session cookie's value. */
export const newSessionToken = () => randomBytes(32).toString('base64url')

/** Matches exactly what {@link newSessionToken} makes, so other cookie values never reach the database. */
export const sessionTokenPattern = /^[A-Za-z0-9_-]{43}$/

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Stores a fresh nonce valid for `ttlMs`, dropping the ones that have expired. */
export async function issueNonce(db: Database, now: Date, ttlMs: number): Promise<string> {
  const value = newNonce()
  await db.delete(nonces).where(lte(nonces.expiresAt, now))
  await db.insert(nonces).values({ value, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) })
  return value
}

export type NonceState = 'usable' | 'unknown' | 'expired' | 'used'

/** Whether `value` could still sign someone in; a read only, {@link startSession} spends it. */
export async function nonceState(db: Database, value: string, now: Date): Promise<NonceState> {
  const [row] = await db.select().from(nonces).where(eq(nonces.value, value))
  if (!row) return 'unknown'
  if (row.usedAt) return 'used'
  if (row.expiresAt <= now) return 'expired'
  return 'usable'
}

export type Session = { address: string; chainId: number; expiresAt: Date }

/**
 * Spends the nonce and opens a session in one transaction. The nonce is claimed by a single conditional
 * UPDATE, so of two requests carrying it only one gets a row back; the other gets `null`.
 */
export async function startSession(
  db: Database,
  input: { nonce: string; address: string; chainId: number },
  now: Date,
  ttlMs: number,
): Promise<{ token: string; session: Session } | null> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(nonces)
      .set({ usedAt: now })
      .where(and(eq(nonces.value, input.nonce), isNull(nonces.usedAt), gt(nonces.expiresAt, now)))
      .returning({ value: nonces.value })
    if (claimed.length === 0) return null
    const token = newSessionToken()
    const session = { address: input.address, chainId: input.chainId, expiresAt: new Date(now.getTime() + ttlMs) }
    await tx.delete(sessions).where(lte(sessions.expiresAt, now))
    await tx.insert(sessions).values({ tokenHash: hashToken(token), createdAt: now, ...session })
    return { token, session }
  })
}

/** The live session behind a cookie's token, if any. */
export async function findSession(db: Database, token: string, now: Date): Promise<Session | null> {
  const [row] = await db
    .select({ address: sessions.address, chainId: sessions.chainId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
  return row ?? null
}

export async function endSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
}
