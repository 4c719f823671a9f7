// The reminders' schedule as production runs it: two API processes' queues and databases on one Postgres.
import { setTimeout as sleep } from 'node:timers/promises'
import { nightStartOf } from '@chainellation/contracts/nights'
import type { PgBoss } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { useTwoProcessDatabases } from '../../test/postgres'
import { pushBrowser, startPushService } from '../../test/push-service'
import { reminders } from '../db/schema'
import { startJobQueue } from './jobs'
import { type SkyState, startSchedule } from './schedule'

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:operator@chainellation.example' }
const OWNER = '0x1111111111111111111111111111111111111111'
const SKIES = 200
const NIGHT = 20_700

const databases = useTwoProcessDatabases()

describe('the reminders’ schedule on Postgres, two processes', () => {
  const bosses: PgBoss[] = []
  const schedules: Awaited<ReturnType<typeof startSchedule>>[] = []
  let push: Awaited<ReturnType<typeof startPushService>>
  let chainNow = 0
  /** Skies each process read the state of: which process worked which jobs. */
  const workedBy = [new Set<number>(), new Set<number>()]

  beforeAll(async () => {
    push = await startPushService()
    // Both install pg-boss's schema at once, as two processes starting side by side do.
    bosses.push(...(await Promise.all([databases.first, databases.second].map((d) => startJobQueue(d, () => {})))))
    for (const [i, boss] of bosses.entries())
      schedules.push(
        await startSchedule({
          boss,
          db: (i === 0 ? databases.first : databases.second).db,
          chainId: 31337,
          vapid,
          chainTime: async () => chainNow,
          skyStates: async (ids) => {
            for (const id of ids) workedBy[i]?.add(id)
            return new Map(
              ids.map((id): [number, SkyState] => [
                id,
                { owner: OWNER, tzOffset: 0, lastGazeAt: null, completed: false },
              ]),
            )
          },
          planSeconds: 60,
          sendsAtOnce: 8,
          onError: () => {},
        }),
      )
  }, 120_000)
  afterAll(async () => {
    for (const schedule of schedules) schedule.stop()
    await Promise.all(bosses.map((boss) => boss.stop({ graceful: false })))
    await push?.close()
  })

  it('sends each of a night’s reminders once, both processes planning and sending', async () => {
    const { subscription } = pushBrowser(push.url)
    await databases.first.db.insert(reminders).values(
      Array.from({ length: SKIES }, (_, i) => ({
        address: OWNER,
        chainId: 31337,
        skyId: i + 1,
        endpoint: `${push.url}/push/${i + 1}`,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        tzOffset: 0,
        hour: 0,
        createdAt: new Date(),
      })),
    )
    chainNow = nightStartOf(NIGHT, 0) - 2
    await Promise.all(schedules.flatMap((schedule) => [schedule.plan(), schedule.plan()]))
    await expect.poll(() => new Set(push.received.map((d) => d.path)).size, { timeout: 60_000 }).toBe(SKIES)
    await sleep(3000)
    expect(push.received).toHaveLength(SKIES)
    expect(workedBy[0]?.size).toBeGreaterThan(0)
    expect(workedBy[1]?.size).toBeGreaterThan(0)
  }, 90_000)
})
