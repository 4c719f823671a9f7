import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import type { Database } from '../db'
import { placeholderFor, preparedFor } from '../db/prepared'
import { nonces, sessions } from '../db/schema'

/** 256 random bits, base64url: the secret a browser's nonce-binding cookie holds. */
export const newNonceBinding = () => randomBytes(32).toString('base64url')

/** 256 random bits, base64url: the session cookie's value. */
export const newSessionToken = () => randomBytes(32).toString('base64url')

/** Matches exactly what {@link newSessionToken} makes, so other cookie values never reach the database. */
export const sessionTokenPattern = /^[A-Za-z0-9_-]{43}$/

/** Matches exactly what {@link newNonceBinding} makes. */
export const nonceBindingPattern = sessionTokenPattern

const NONCE_RANDOM_HEX = 32

/** The first 128 bits of HMAC-SHA-256 of a nonce's random part, keyed by the browser's binding secret, in hex. */
const bindingTag = (binding: string, random: string) =>
  createHmac('sha256', binding).update(random).digest('hex').slice(0, NONCE_RANDOM_HEX)

/**
 * A nonce bound to the browser holding `binding`: 128 random bits, then their {@link bindingTag}; 64 hex
 * characters, alphanumeric as EIP-4361 requires. The signed message shows the nonce, never the secret, so whoever
 * sees a message (or its signature) cannot make a cookie that redeems it without 2^128 guesses.
 */
export const newNonce = (binding: string) => {
  const random = randomBytes(NONCE_RANDOM_HEX / 2).toString('hex')
  return `${random}${bindingTag(binding, random)}`
}

/** Whether `nonce` was made by {@link newNonce} for the browser holding `binding`. */
export function isNonceBoundTo(nonce: string, binding: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(nonce)) return false
  const expected = Buffer.from(bindingTag(binding, nonce.slice(0, NONCE_RANDOM_HEX)))
  return timingSafeEqual(expected, Buffer.from(nonce.slice(NONCE_RANDOM_HEX)))
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Stores a fresh nonce for the browser holding `binding`, valid for `ttlMs`, dropping the ones that have expired. */
export async function issueNonce(db: Database, now: Date, ttlMs: number, binding: string): Promise<string> {
  const value = newNonce(binding)
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
  const [row] = await sessionByToken(db).execute({ tokenHash: hashToken(token), now })
  return row ?? null
}

/** Each page load and wallet change reads the session: its query is prepared once (db/prepared.ts). */
const sessionByToken = preparedFor((db) =>
  db
    .select({ address: sessions.address, chainId: sessions.chainId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, placeholderFor(sessions.expiresAt, 'now')),
      ),
    )
    .prepare('find_session'),
)

export async function endSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
}
