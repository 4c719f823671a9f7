import { createHash, randomBytes } from 'node:crypto'
import type { SkiesPageJson } from '@chainellation/indexer/json'
import { and, eq, sql } from 'drizzle-orm'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { requireSession } from '../auth/session'
import type { Database } from '../db'
import { calendarFeeds } from '../db/schema'
import type { IndexerReads } from '../discovery/routes'
import { answerHeaders } from '../http'
import { type FeedSky, nightsFeed } from './feed'

export type CalendarDeps = {
  db: Database
  now: () => Date
  /** The chain's clock, by which nights are counted. */
  chainTime: () => Promise<number>
  /** The chain the feeds are of (the app's own). */
  chainId: number
  /** The app's origin, for the feed's link and the events' links. */
  origin: string
  indexer: IndexerReads | undefined
  /** Counts feed reads per client (calendar apps ask every hour or so). */
  readLimit: MiddlewareHandler
  /** Counts link changes per client. */
  writeLimit: MiddlewareHandler
}

/** Skies of one owner the feed lists at most: the index's pages of a hundred, five of them. */
const MAX_SKIES = 500
const PAGE = 100

const errors = {
  signedOut: 'Sign in to have your skies’ nights in your calendar.',
  missing: 'There is no calendar at this address: its link was replaced or turned off.',
  indexDown: 'The game’s index is not answering right now; your calendar app will ask again later.',
} as const

/** A feed's secret: 32 random bytes, base64url (43 characters). Only its SHA-256 is kept. */
const newToken = () => randomBytes(32).toString('base64url')
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')
const tokenPattern = /^[A-Za-z0-9_-]{43}$/

/**
 * The calendar feeds of owners' skies' nights: a signed-in player makes (or remakes) a secret link, or turns it off;
 * a calendar app reads the feed by the link, with no session. docs/decisions/reminders.md.
 */
export function calendarRoutes({ db, now, chainTime, chainId, origin, indexer, readLimit, writeLimit }: CalendarDeps) {
  const signedIn = requireSession({ db, now }, errors.signedOut)
  const account = (c: Context) => (c.get('session') as { address: string }).address

  /** The owner's skies from the index, or undefined when it does not answer. */
  async function skiesOf(owner: string): Promise<FeedSky[] | undefined> {
    if (!indexer) return undefined
    const skies: FeedSky[] = []
    for (let page: number | null = 1; page !== null && skies.length < MAX_SKIES; ) {
      const answer = await indexer
        .get(`/skies?owner=${owner}&sort=oldest&limit=${PAGE}&page=${page}`)
        .catch(() => undefined)
      if (answer?.status !== 200) return undefined
      const body = JSON.parse(answer.text) as SkiesPageJson
      skies.push(...body.skies)
      page = body.next
    }
    return skies
  }

  return (
    new Hono()
      .use(answerHeaders({ 'Cache-Control': 'no-store' }))
      .get('/', signedIn, async (c) => {
        const [feed] = await db
          .select({ createdAt: calendarFeeds.createdAt })
          .from(calendarFeeds)
          .where(and(eq(calendarFeeds.address, account(c)), eq(calendarFeeds.chainId, chainId)))
        return c.json({ on: !!feed, since: feed?.createdAt.toISOString() ?? null })
      })
      // A new link, replacing the account's last one in the same statement: the old one stops at once.
      .post('/', writeLimit, signedIn, async (c) => {
        const token = newToken()
        const at = now()
        await db
          .insert(calendarFeeds)
          .values({ tokenHash: hashOf(token), address: account(c), chainId, createdAt: at })
          .onConflictDoUpdate({
            target: [calendarFeeds.address, calendarFeeds.chainId],
            set: { tokenHash: sql`excluded.token_hash`, createdAt: sql`excluded.created_at` },
          })
        const url = `${origin}/api/calendar/${token}.ics`
        return c.json({ on: true, since: at.toISOString(), url, webcal: url.replace(/^https?:/, 'webcal:') }, 201)
      })
      .delete('/', writeLimit, signedIn, async (c) => {
        await db
          .delete(calendarFeeds)
          .where(and(eq(calendarFeeds.address, account(c)), eq(calendarFeeds.chainId, chainId)))
        return c.json({ on: false, since: null })
      })
      .get('/:file', readLimit, async (c) => {
        const token = c.req.param('file').replace(/\.ics$/, '')
        // A malformed link is answered as an unknown one, and costs no database read.
        if (!tokenPattern.test(token)) return c.json({ error: errors.missing }, 404)
        const [feed] = await db
          .select()
          .from(calendarFeeds)
          .where(eq(calendarFeeds.tokenHash, hashOf(token)))
        if (!feed || feed.chainId !== chainId) return c.json({ error: errors.missing }, 404)
        const skies = await skiesOf(feed.address)
        if (!skies) return c.json({ error: errors.indexDown }, 503)
        // Should the node not answer, the machine's clock serves: a calendar's nights are minutes apart from the chain's.
        const at = await chainTime().catch(() => Math.floor(now().getTime() / 1000))
        const text = nightsFeed(skies, { chainId, origin, now: at })
        return c.body(text, 200, { 'Content-Type': 'text/calendar; charset=utf-8' })
      })
  )
}
