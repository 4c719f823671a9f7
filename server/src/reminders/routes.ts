import { and, count, eq, sql } from 'drizzle-orm'
import { Hono, type MiddlewareHandler } from 'hono'
import { requireSession } from '../auth/session'
import type { Session } from '../auth/store'
import type { Database } from '../db'
import { reminders } from '../db/schema'
import { answerHeaders, jsonBody, limitBody, validJson } from '../http'
import type { ReadSky } from '../skies/reader'
import { reminderInput, reminderRemoval } from './input'
import type { VapidKeys } from './send'

/** Reminders one account may keep, across its skies and browsers. */
export const MAX_REMINDERS_PER_ACCOUNT = 50
/**
 * The push services browsers subscribe with: Chrome's (FCM), Firefox's, Safari's and Edge's. The server sends only to
 * these, over https: an endpoint is a URL the server will request, so any other host (the server's own network among
 * them) is refused.
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '.notify.windows.com',
]

/**
 * Whether the server sends to `endpoint`: https, on one of `hosts` (a leading dot: that domain's subdomains), or on one
 * of `origins` exactly (an operator's or a test's push service).
 */
export const pushServiceAllows =
  (hosts: readonly string[] = PUSH_SERVICE_HOSTS, origins: readonly string[] = []) =>
  (endpoint: URL) =>
    origins.includes(endpoint.origin) ||
    (endpoint.protocol === 'https:' &&
      hosts.some((host) => (host.startsWith('.') ? endpoint.hostname.endsWith(host) : endpoint.hostname === host)))

/** Largest request body accepted, in bytes: a subscription is a few hundred. */
const MAX_BODY_BYTES = 4096

export type ReminderDeps = {
  db: Database
  now: () => Date
  /** The chain the reminders are of (the app's own). */
  chainId: number
  readSky: ReadSky
  /** A sky's time zone, seconds east of UTC, from the chain; undefined when the chain did not answer. */
  timeZoneOf: (skyId: bigint) => Promise<number | undefined>
  /** Unset: the server sends no reminders, and says so. */
  vapid: VapidKeys | undefined
  /** Counts changes per client. */
  writeLimit: MiddlewareHandler
  /** Counts reminders turned on per client over a day: a crowd of accounts behind one address adds no more. */
  addLimit: MiddlewareHandler
  /** Whether the server sends to a subscription's endpoint (default: {@link pushServiceAllows}'s hosts). */
  allowsEndpoint?: (endpoint: URL) => boolean
}

const errors = {
  signedOut: 'Sign in to be reminded of your skies’ nights.',
  off: 'This server sends no reminders: its operator has not set its push keys (VAPID).',
  notOwner: 'Only the sky’s owner can be reminded of its nights.',
  notPush: 'endpoint must be on a push service this server sends to (a browser’s own, over https).',
  noSky: 'There is no such sky on this chain.',
  noAnswer: 'The chain did not answer; try again.',
  full: `You have ${MAX_REMINDERS_PER_ACCOUNT} reminders, the most one player can keep; turn one off to add another.`,
  tooLarge: `A reminder is limited to ${MAX_BODY_BYTES} bytes; this request is larger.`,
} as const

/**
 * A signed-in owner's reminders of a sky's nights by Web Push (docs/decisions/reminders.md): the server's public key
 * for the browser to subscribe with, the account's reminders, and turning one on or off for a sky it owns.
 */
export function reminderRoutes({
  db,
  now,
  chainId,
  readSky,
  timeZoneOf,
  vapid,
  writeLimit,
  addLimit,
  allowsEndpoint = pushServiceAllows(),
}: ReminderDeps) {
  const signedIn = requireSession({ db, now }, errors.signedOut)
  const address = (c: { get: (key: 'session') => Session }) => c.get('session').address

  return new Hono<{ Variables: { session: Session } }>()
    .use(answerHeaders({ 'Cache-Control': 'no-store' }))
    .get('/key', (c) => (vapid ? c.json({ publicKey: vapid.publicKey }) : c.json({ error: errors.off }, 503)))
    .get('/', signedIn, async (c) => {
      const rows = await db
        .select({ skyId: reminders.skyId, endpoint: reminders.endpoint, hour: reminders.hour })
        .from(reminders)
        .where(and(eq(reminders.address, address(c)), eq(reminders.chainId, chainId)))
      return c.json({ reminders: rows })
    })
    .post(
      '/',
      writeLimit,
      signedIn,
      addLimit,
      limitBody(MAX_BODY_BYTES, errors.tooLarge),
      jsonBody,
      validJson(reminderInput),
      async (c) => {
        if (!vapid) return c.json({ error: errors.off }, 503)
        const { skyId, subscription, hour } = c.req.valid('json')
        if (!allowsEndpoint(new URL(subscription.endpoint))) return c.json({ error: errors.notPush }, 400)
        const sky = await readSky(chainId, BigInt(skyId))
        if (sky.kind === 'no-answer') return c.json({ error: errors.noAnswer }, 503)
        if (sky.kind !== 'found') return c.json({ error: errors.noSky }, 404)
        if (sky.owner.toLowerCase() !== address(c).toLowerCase()) return c.json({ error: errors.notOwner }, 403)
        // Kept with the reminder, so that the schedule is planned from the database alone: a sky's zone never changes.
        const tzOffset = await timeZoneOf(BigInt(skyId))
        if (tzOffset === undefined) return c.json({ error: errors.noAnswer }, 503)
        // The cap and the insert in one transaction, under a lock of the account's (every API process takes the same),
        // so that requests at once cannot together pass it.
        const added = await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reminders:${address(c).toLowerCase()}`}))`)
          const [held] = await tx
            .select({ n: count() })
            .from(reminders)
            .where(eq(reminders.address, address(c)))
          const row = {
            address: address(c),
            chainId,
            skyId,
            endpoint: subscription.endpoint,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
            tzOffset,
            hour,
            createdAt: now(),
          }
          const [existing] = await tx
            .select({ id: reminders.id })
            .from(reminders)
            .where(
              and(
                eq(reminders.endpoint, subscription.endpoint),
                eq(reminders.chainId, chainId),
                eq(reminders.skyId, skyId),
              ),
            )
          if (!existing && (held?.n ?? 0) >= MAX_REMINDERS_PER_ACCOUNT) return false
          await tx
            .insert(reminders)
            .values(row)
            .onConflictDoUpdate({
              target: [reminders.endpoint, reminders.chainId, reminders.skyId],
              set: {
                address: row.address,
                p256dh: row.p256dh,
                auth: row.auth,
                tzOffset: row.tzOffset,
                hour: row.hour,
                createdAt: row.createdAt,
              },
            })
          return true
        })
        if (!added) return c.json({ error: errors.full }, 409)
        return c.json({ skyId, hour, on: true }, 201)
      },
    )
    .delete(
      '/',
      writeLimit,
      signedIn,
      limitBody(MAX_BODY_BYTES, errors.tooLarge),
      jsonBody,
      validJson(reminderRemoval),
      async (c) => {
        const { skyId, endpoint } = c.req.valid('json')
        await db
          .delete(reminders)
          .where(
            and(
              eq(reminders.address, address(c)),
              eq(reminders.chainId, chainId),
              eq(reminders.skyId, skyId),
              eq(reminders.endpoint, endpoint),
            ),
          )
        return c.json({ skyId, on: false })
      },
    )
}
