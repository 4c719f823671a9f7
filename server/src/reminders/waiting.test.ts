// The reminders that wait to be sent, which their alert reads (deploy/prometheus/alerts.yml): pg-boss's count of the
// send queue's jobs that are due and that no worker has taken, on the embedded database.
import { setTimeout as sleep } from 'node:timers/promises'
import type { PgBoss } from 'pg-boss'
import { register } from 'prom-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { openTestDatabase } from '../../test/database'
import type { DatabaseHandle } from '../db'
import { startJobQueue } from './jobs'
import { nightJobId, SEND_QUEUE, startSchedule } from './schedule'

const WAITING = /^chainellation_reminders_waiting\{queue="reminders-send"\} (\d+)$/m

/** The gauge once it reads `count`, pg-boss counting its queues every few seconds; what it last read otherwise. */
async function waitingReaches(count: number, withinMs = 20_000) {
  const until = Date.now() + withinMs
  let read: number | undefined
  while (Date.now() < until) {
    const match = (await register.metrics()).match(WAITING)
    read = match ? Number(match[1]) : undefined
    if (read === count) break
    await sleep(500)
  }
  return read
}

describe('chainellation_reminders_waiting', () => {
  let database: DatabaseHandle
  let boss: PgBoss
  let schedule: Awaited<ReturnType<typeof startSchedule>>

  beforeAll(async () => {
    database = await openTestDatabase()
    boss = await startJobQueue(database, () => {})
    schedule = await startSchedule({
      boss,
      db: database.db,
      chainId: 31337,
      vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:operator@chainellation.example' },
      chainTime: async () => 0,
      skyStates: async (ids) => new Map(ids.map((id) => [id, null])),
      planSeconds: 3600,
      sendsAtOnce: 2,
      onError: () => {},
    })
  }, 60_000)
  afterAll(async () => {
    schedule?.stop()
    await boss?.stop({ graceful: false })
    await database?.close()
  })

  it('is 0 while the workers keep up, and counts the reminders due that no process takes', async () => {
    expect(await waitingReaches(0)).toBe(0)
    // No worker left to take them: as when every process's workers are stalled.
    await boss.offWork(SEND_QUEUE)
    await boss.insert(
      SEND_QUEUE,
      [1, 2, 3].map((skyId) => ({ id: nightJobId(31337, skyId, 1, 0), data: { skyId, night: 1, hour: 0, at: 0 } })),
    )
    expect(await waitingReaches(3)).toBe(3)
  })
})
