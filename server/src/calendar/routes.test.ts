import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { nightOf, nightStartOf } from '@chainellation/contracts/nights'
import ICAL from 'ical.js'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../test/database'
import { signIn, testOrigin } from '../../test/sign-in'
import { createApp } from '../app'
import type { DatabaseHandle } from '../db'
import { FEED_NIGHTS, type FeedSky } from './feed'

const HOUR = 3600
// 1 March 2026, 21:00 UTC: night over UTC+0, day over UTC+9 (06:00 there).
const NOW = Date.parse('2026-03-01T21:00:00Z')
const now = NOW / 1000
const unlimited = { limit: 1_000_000, windowMs: 60_000 }

let database: DatabaseHandle
let indexer: Server
let indexerUrl: string
/** The skies the stand-in index holds, by owner (lower case). */
const skiesByOwner = new Map<string, FeedSky[]>()

beforeAll(async () => {
  database = await openTestDatabase()
  // A stand-in for the index: its progress, and an owner's skies a page at a time.
  indexer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://indexer')
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (url.pathname === '/sync') return json({ ready: true, indexedBlock: 1, headBlock: 1, behind: 0, chainId: 31337 })
    if (url.pathname === '/skies') {
      const all = skiesByOwner.get(url.searchParams.get('owner')?.toLowerCase() ?? '') ?? []
      const [page, limit] = [Number(url.searchParams.get('page')), Number(url.searchParams.get('limit'))]
      const skies = all.slice((page - 1) * limit, page * limit)
      return json({ skies, page, next: all.length > page * limit ? page + 1 : null })
    }
    res.writeHead(404).end('{}')
  })
  await new Promise<void>((resolve) => indexer.listen(0, '127.0.0.1', resolve))
  indexerUrl = `http://127.0.0.1:${(indexer.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => indexer?.close(resolve))
  await database?.close()
})

/** The app, its node nowhere (the feeds then count nights by its clock, which the test sets). */
function setup() {
  return createApp({
    config: {
      chainId: 31337,
      contracts: {},
      auth: { origins: [testOrigin], chains: [{ chain: anvil, rpcUrl: 'http://127.0.0.1:9' }] },
      draftWrites: { client: unlimited, account: unlimited },
      indexerUrl,
    },
    db: database.db,
    now: () => new Date(NOW),
  })
}
type App = ReturnType<typeof setup>

const call = (app: App, method: string, path: string, cookie?: string) =>
  app.request(path, { method, headers: { Origin: testOrigin, ...(cookie ? { Cookie: cookie } : {}) } })

/** The events of an iCalendar text, by a parser of RFC 5545. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    const alarm = component.getFirstSubcomponent('valarm')
    return {
      uid: event.uid,
      start: event.startDate.toUnixTime(),
      end: event.endDate.toUnixTime(),
      summary: event.summary,
      trigger: alarm?.getFirstPropertyValue('trigger')?.toString(),
      action: alarm?.getFirstPropertyValue('action'),
    }
  })
}

const sky = (fields: Partial<FeedSky> & { id: number }): FeedSky => ({
  tzOffset: 0,
  starsRevealed: 0,
  starCount: 20,
  completed: false,
  lastGazeAt: null,
  ...fields,
})

describe('calendar feeds of a player’s skies’ nights', () => {
  it('gives a signed-in player a secret link to a valid feed of the next nights, each with an alarm as it begins', async () => {
    const app = setup()
    const { account, cookie } = await signIn(app, { at: new Date(NOW) })
    skiesByOwner.set(account.address.toLowerCase(), [
      // Night here now, not gazed: tonight and 13 more.
      sky({ id: 1 }),
      // Gazed tonight an hour ago: from tomorrow night.
      sky({ id: 2, lastGazeAt: now - HOUR }),
      // Day in Tokyo: from its coming night; three stars left, so three nights.
      sky({ id: 3, tzOffset: 9 * HOUR, starsRevealed: 5, starCount: 8 }),
      // Complete: nothing left to gaze at.
      sky({ id: 4, starsRevealed: 6, starCount: 6, completed: true }),
    ])
    const made = await call(app, 'POST', '/api/calendar', cookie)
    expect(made.status).toBe(201)
    const { url, webcal } = (await made.json()) as { url: string; webcal: string }
    expect(url).toMatch(new RegExp(`^${testOrigin}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`))
    expect(webcal).toBe(url.replace(/^http:/, 'webcal:'))

    const feed = await call(app, 'GET', new URL(url).pathname)
    expect(feed.status).toBe(200)
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const text = await feed.text()
    // A stranger who finds the link learns no address from it.
    expect(text.toLowerCase()).not.toContain(account.address.toLowerCase().slice(2))
    const events = eventsOf(text)
    const of = (id: number) => events.filter((e) => e.summary === `Night over sky #${id}: time to gaze`)
    const tonight = nightOf(now, 0)
    expect(of(1).map((e) => e.start)).toEqual(
      Array.from({ length: FEED_NIGHTS }, (_, i) => nightStartOf(tonight + i, 0)),
    )
    expect(of(2).map((e) => e.start)[0]).toBe(nightStartOf(tonight + 1, 0))
    expect(of(2)).toHaveLength(FEED_NIGHTS)
    // Tokyo's coming night begins at 18:00 there, 09:00 UTC.
    expect(of(3).map((e) => new Date(e.start * 1000).toISOString())).toEqual([
      '2026-03-02T09:00:00.000Z',
      '2026-03-03T09:00:00.000Z',
      '2026-03-04T09:00:00.000Z',
    ])
    expect(of(4)).toEqual([])
    for (const event of events) {
      // Each ends at 06:00 there, twelve hours after dusk.
      expect(event.end - event.start).toBe(12 * HOUR)
      expect(event.trigger).toBe('PT0S')
      expect(event.action).toBe('DISPLAY')
    }
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length)
  })

  it('opens tonight’s event when the wait after the last gaze ends, if that is after dusk', async () => {
    const app = setup()
    const { account, cookie } = await signIn(app, { at: new Date(NOW) })
    // Gazed at 05:00 this morning (UTC+0): tonight's gaze opens at 19:00, 14 hours on.
    const morning = nightStartOf(nightOf(now, 0), 0) - 13 * HOUR
    skiesByOwner.set(account.address.toLowerCase(), [sky({ id: 7, lastGazeAt: morning })])
    const { url } = (await (await call(app, 'POST', '/api/calendar', cookie)).json()) as { url: string }
    const [first, second] = eventsOf(await (await call(app, 'GET', new URL(url).pathname)).text())
    expect(first?.start).toBe(morning + 14 * HOUR)
    expect(second?.start).toBe(nightStartOf(nightOf(now, 0) + 1, 0))
  })

  it('replaces the link when asked again, even asked ten times at once, and turns it off', async () => {
    const app = setup()
    const { account, cookie } = await signIn(app, { at: new Date(NOW) })
    skiesByOwner.set(account.address.toLowerCase(), [sky({ id: 9 })])
    const first = ((await (await call(app, 'POST', '/api/calendar', cookie)).json()) as { url: string }).url
    const many = await Promise.all(Array.from({ length: 10 }, () => call(app, 'POST', '/api/calendar', cookie)))
    expect(many.map((r) => r.status)).toEqual(Array(10).fill(201))
    const urls = await Promise.all(many.map(async (r) => ((await r.json()) as { url: string }).url))
    const status = async (url: string) => (await call(app, 'GET', new URL(url).pathname)).status
    // One link works: the last one written. The first no longer does.
    expect((await Promise.all(urls.map(status))).filter((s) => s === 200)).toHaveLength(1)
    expect(await status(first)).toBe(404)
    expect(await (await call(app, 'GET', '/api/calendar', cookie)).json()).toMatchObject({ on: true })

    expect((await call(app, 'DELETE', '/api/calendar', cookie)).status).toBe(200)
    expect((await Promise.all(urls.map(status))).filter((s) => s === 200)).toHaveLength(0)
    expect(await (await call(app, 'GET', '/api/calendar', cookie)).json()).toEqual({ on: false, since: null })
  })

  it('asks a signed-out player to sign in, and answers a link that is not one with the words of an unknown one', async () => {
    const app = setup()
    const signedOut = await call(app, 'POST', '/api/calendar')
    expect(signedOut.status).toBe(401)
    expect(await signedOut.json()).toEqual({ error: 'Sign in to have your skies’ nights in your calendar.' })
    const { cookie } = await signIn(app, { at: new Date(NOW) })
    const { url } = (await (await call(app, 'POST', '/api/calendar', cookie)).json()) as { url: string }
    const path = new URL(url).pathname
    const token = path.slice('/api/calendar/'.length, -'.ics'.length)
    // Another spelling of the secret, padded, cut short, or another letter case: none opens the feed.
    for (const other of [`${token}=`, token.slice(1), token.toUpperCase(), `${token.slice(0, -1)}A`, '..%2F..%2Fetc'])
      if (other !== token) {
        const res = await call(app, 'GET', `/api/calendar/${other}.ics`)
        expect(res.status).toBe(404)
        expect(await res.json()).toEqual({
          error: 'There is no calendar at this address: its link was replaced or turned off.',
        })
      }
    expect((await call(app, 'GET', path)).status).toBe(200)
  })
})
