import { setTimeout as sleep } from 'node:timers/promises'
import { nightStartOf } from '@chainellation/contracts/nights'
import type { PgBoss } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { openTestDatabase } from '../../test/database'
import { pushBrowser, startPushService } from '../../test/push-service'
import type { DatabaseHandle } from '../db'
import { reminderSends, reminders } from '../db/schema'
import { startJobQueue } from './jobs'
import { momentsDue, nightJobId, SEND_QUEUE, type SkyState, startSchedule, verdictOf } from './schedule'
import type { VapidKeys } from './send'

const vapid: VapidKeys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:operator@chainellation.example' }
const OWNER = '0x1111111111111111111111111111111111111111'
const BUYER = '0x2222222222222222222222222222222222222222'
const NIGHT = 20_600
/** A sky in UTC+05:30. */
const TZ = 19_800

describe('the reminders’ plan', () => {
  it('names each sky-night’s job with one UUID, the same every time', () => {
    const id = nightJobId(31337, 7, NIGHT, 0)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(nightJobId(31337, 7, NIGHT, 0)).toBe(id)
    expect(
      new Set([id, nightJobId(31337, 7, NIGHT + 1, 0), nightJobId(31337, 7, NIGHT, 1), nightJobId(1, 7, NIGHT, 0)])
        .size,
    ).toBe(4)
  })

  it('finds the moments due in the window, as the contract’s nights begin, at the hour asked', () => {
    const dusk = nightStartOf(NIGHT, TZ)
    expect(momentsDue(TZ, 0, dusk - 60, 120)).toEqual([{ night: NIGHT, at: dusk }])
    expect(momentsDue(TZ, 3, dusk - 60, 120)).toEqual([])
    expect(momentsDue(TZ, 3, dusk + 3 * 3600 - 30, 120)).toEqual([{ night: NIGHT, at: dusk + 3 * 3600 }])
    // Looking back an hour, a moment just passed is still due (an API that was down sends it late).
    expect(momentsDue(TZ, 0, dusk + 1800, 120)).toEqual([{ night: NIGHT, at: dusk }])
    expect(momentsDue(TZ, 0, dusk + 7200, 120)).toEqual([])
  })
})

describe('whether a night’s reminder goes now', () => {
  const dusk = nightStartOf(NIGHT, TZ)
  const job = { skyId: 1, night: NIGHT, hour: 0, at: dusk }
  const sky = (state: Partial<SkyState> = {}): SkyState => ({
    owner: OWNER,
    tzOffset: TZ,
    lastGazeAt: null,
    completed: false,
    ...state,
  })
  it('sends at dusk, and says why not otherwise', () => {
    expect(verdictOf(job, sky(), dusk)).toEqual({})
    expect(verdictOf(job, null, dusk)).toEqual({ skip: 'no such sky' })
    expect(verdictOf(job, sky(), dusk + 12 * 3600)).toEqual({ skip: 'the night is over' })
    expect(verdictOf(job, sky({ completed: true }), dusk)).toEqual({ skip: 'its constellation is complete' })
    expect(verdictOf(job, sky({ lastGazeAt: dusk + 60 }), dusk + 120)).toEqual({ skip: 'gazed tonight' })
  })
  it('waits for a gaze made late the night before to open, unless that is after dawn', () => {
    // Gazed at 05:00: the gaze opens 14 hours later, at 19:00.
    expect(verdictOf(job, sky({ lastGazeAt: dusk - 13 * 3600 }), dusk)).toEqual({ opens: dusk + 3600 })
    // The job put off to that moment goes then.
    expect(verdictOf({ ...job, at: dusk + 3600 }, sky({ lastGazeAt: dusk - 13 * 3600 }), dusk + 3600)).toEqual({})
  })
})

describe('the reminders’ schedule on the embedded database', () => {
  let database: DatabaseHandle
  let boss: PgBoss
  let push: Awaited<ReturnType<typeof startPushService>>
  let schedule: Awaited<ReturnType<typeof startSchedule>>
  let chainNow = 0
  const states = new Map<number, SkyState | null>()
  const errors: unknown[] = []

  beforeAll(async () => {
    database = await openTestDatabase()
    boss = await startJobQueue(database, (error) => errors.push(error))
    push = await startPushService()
    schedule = await startSchedule({
      boss,
      db: database.db,
      chainId: 31337,
      vapid,
      chainTime: async () => chainNow,
      skyStates: async (ids) => new Map(ids.map((id) => [id, states.get(id) ?? null])),
      planSeconds: 60,
      sendsAtOnce: 8,
      onError: (error) => errors.push(error),
    })
  }, 60_000)
  afterAll(async () => {
    schedule?.stop()
    await boss?.stop({ graceful: false })
    await push?.close()
    await database?.close()
  })

  it('sends each owner’s browser its sky’s reminder once when the night begins; not for a sky gazed or sold', async () => {
    const dusk = nightStartOf(NIGHT, TZ)
    const sky = (id: number, state: Partial<SkyState> = {}) =>
      states.set(id, { owner: OWNER, tzOffset: TZ, lastGazeAt: null, completed: false, ...state })
    sky(1)
    sky(2)
    sky(3, { lastGazeAt: dusk + 1 }) // gazed tonight already
    sky(4, { owner: BUYER }) // no longer the owner's
    sky(5, { completed: true })
    sky(6, { lastGazeAt: dusk - 13 * 3600 }) // gazed at 05:00 this morning: its gaze opens at 19:00
    const phone = pushBrowser(push.url)
    const laptop = pushBrowser(push.url)
    const row = (skyId: number, browser: ReturnType<typeof pushBrowser>) => ({
      address: OWNER,
      chainId: 31337,
      skyId,
      endpoint: browser.subscription.endpoint,
      p256dh: browser.subscription.keys.p256dh,
      auth: browser.subscription.keys.auth,
      tzOffset: TZ,
      hour: 0,
      createdAt: new Date(),
    })
    await database.db
      .insert(reminders)
      .values([
        row(1, phone),
        row(1, laptop),
        row(2, phone),
        row(3, phone),
        row(4, phone),
        row(5, phone),
        row(6, phone),
      ])

    // Three seconds before dusk there: planned (by every process, as often as it likes), nothing sent yet.
    chainNow = dusk - 3
    const planned = Date.now()
    await Promise.all([schedule.plan(), schedule.plan(), schedule.plan()])
    expect(await boss.findJobs(SEND_QUEUE, { id: nightJobId(31337, 1, NIGHT, 0) })).toHaveLength(1)
    // The push service fails the first send: that reminder is tried again, and the others go on.
    push.fail(1)
    await expect.poll(() => push.received.length, { timeout: 30_000, interval: 200 }).toBe(3)
    expect(Math.min(...push.received.map((d) => d.at)) - planned).toBeGreaterThanOrEqual(2500)

    const bySky = push.received.map((d) => ({
      endpoint: `${push.url}${d.path}`,
      sky: (d.path === new URL(phone.subscription.endpoint).pathname ? phone : laptop).read(d.body).skyId,
    }))
    expect(bySky).toEqual(
      expect.arrayContaining([
        { endpoint: phone.subscription.endpoint, sky: 1 },
        { endpoint: laptop.subscription.endpoint, sky: 1 },
        { endpoint: phone.subscription.endpoint, sky: 2 },
      ]),
    )
    const toPhone = push.received.find((d) => `${push.url}${d.path}` === phone.subscription.endpoint)
    expect(phone.read(toPhone?.body ?? Buffer.alloc(0))).toMatchObject({
      night: NIGHT,
      url: expect.stringMatching(/^\/stargaze\?gaze=[12]$/),
    })

    // Planned again, and again once the night is under way: nothing is sent twice.
    chainNow = dusk + 60
    await schedule.plan()
    await sleep(3000)
    expect(push.received).toHaveLength(3)
    // Sky 6's reminder waits for its gaze to open, an hour after dusk.
    const [waiting] = await boss.findJobs<{ at: number }>(SEND_QUEUE, {
      id: nightJobId(31337, 6, NIGHT, 0, 'after-wait'),
    })
    expect(waiting?.data.at).toBe(dusk + 3600)
    const sends = await database.db.select().from(reminderSends)
    expect(sends.filter((s) => s.sentAt)).toHaveLength(3)
    expect(errors.filter((e) => !String(e).includes('tried again'))).toEqual([])
  }, 60_000)
})
