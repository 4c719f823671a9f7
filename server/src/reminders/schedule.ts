// The reminders' schedule (docs/decisions/reminders.md): planned from the database, worked by every API process
// together through pg-boss's queues in the same database, so that each sky-night's reminder is sent once however many
// processes run, and still sent when the process that took it dies.
import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { GAZE_COOLDOWN, nightOf, nightStartOf } from '@chainellation/contracts/nights'
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Job, JobInsert, JobResult, PgBoss } from 'pg-boss'
import { Counter, Gauge, Histogram } from 'prom-client'
import type { Database } from '../db'
import { reminderSends, reminders } from '../db/schema'
import { reminderPayload, type SendOutcome, sendReminder, type VapidKeys } from './send'

/** A sky as the schedule needs it at send time: who holds it, its zone, its last gaze, whether it is complete. */
export type SkyState = { owner: string; tzOffset: number; lastGazeAt: number | null; completed: boolean }

export type ScheduleDeps = {
  boss: PgBoss
  db: Database
  chainId: number
  vapid: VapidKeys
  /** The chain's clock, in seconds: the contract's nights follow it. */
  chainTime: () => Promise<number>
  /** The skies' state now (null: no such sky); throws when it cannot be read, and the reminders are tried again. */
  skyStates: (skyIds: readonly number[]) => Promise<Map<number, SkyState | null>>
  /** How often the schedule is planned ahead, in seconds. */
  planSeconds: number
  /** Reminders this process sends at once. */
  sendsAtOnce: number
  onError: (error: unknown, what: string) => void
}

const DAY = 24 * 3600

/** The planner's queue (one job per period, whichever process sends it) and the reminders' (one job a sky-night). */
export const PLAN_QUEUE = 'reminders-plan'
export const SEND_QUEUE = 'reminders-send'

/** How far back the planner looks for a reminder's moment: the schedule catches up after an outage this long. */
const LOOKBACK_SECONDS = 3600
/** A claim on a send older than this is its process's that died: the push service has answered or given up by then. */
const CLAIM_STALE_SECONDS = 15
/** How long a sent reminder's record is kept: well past the nights the planner can plan again. */
const SENT_KEPT_SECONDS = 3 * DAY
/** Jobs inserted in one statement. */
const INSERT_CHUNK = 1000

export type NightJob = { skyId: number; night: number; hour: number; at: number }

const sent = new Counter({
  name: 'chainellation_reminders_total',
  help: 'Reminders the schedule dealt with, by outcome: sent, skipped (gazed, no longer the owner’s, night over), gone (the subscription ended), failed (tried again).',
  labelNames: ['outcome'] as const,
})
const delay = new Histogram({
  name: 'chainellation_reminder_delay_seconds',
  help: 'From the moment a reminder was due, by the chain’s clock, to its push service taking it.',
  buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 900, 3600],
})

/** How long a scrape waits for the count of reminders waiting: a database that does not answer leaves it out. */
const WAITING_READ_MS = 2000

let waitingOf: (() => Promise<number>) | undefined

// The delay above counts only the reminders sent: a schedule that sends nothing (its workers stalled, its jobs
// never taken) shows in what waits. pg-boss counts its queues every few seconds (jobs.ts); one row is read here.
new Gauge({
  name: 'chainellation_reminders_waiting',
  help: 'Sky-nights’ reminders due and not yet taken by any API process, as pg-boss last counted them; read when scraped.',
  // Labelled, so that the series is absent (not 0) when the count cannot be read, or this process has no schedule.
  labelNames: ['queue'],
  async collect() {
    const count = await Promise.race([
      waitingOf?.().catch(() => undefined),
      sleep(WAITING_READ_MS, undefined, { ref: false }),
    ])
    this.reset()
    if (count !== undefined) this.set({ queue: SEND_QUEUE }, count)
  },
})

/**
 * The job id of sky `skyId`'s reminder for `night` at `hour`: a UUID made from them (RFC 9562's layout, version 8),
 * so that the planner, run by any process and as often as it likes, inserts each sky-night's job once.
 */
export function nightJobId(chainId: number, skyId: number, night: number, hour: number, kind = 'reminder'): string {
  const hex = createHash('sha256').update(`${kind}:${chainId}:${skyId}:${night}:${hour}`).digest('hex')
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/**
 * The reminders due from `at - lookback` to `at + lead` (chain seconds) for a sky in zone `tzOffset` at `hour` hours
 * into its nights.
 */
export function momentsDue(tzOffset: number, hour: number, at: number, lead: number, lookback = LOOKBACK_SECONDS) {
  const due: { night: number; at: number }[] = []
  for (let night = nightOf(at - lookback - 12 * 3600, tzOffset); night <= nightOf(at + lead, tzOffset) + 1; night++) {
    const moment = nightStartOf(night, tzOffset) + hour * 3600
    if (moment >= at - lookback && moment <= at + lead) due.push({ night, at: moment })
  }
  return due
}

/** Queues the reminders due in the next `lead` seconds (or the hour just gone), one job a sky-night and hour. */
async function planNights({ boss, db, chainId, chainTime }: ScheduleDeps, lead: number) {
  const rows = await db
    .selectDistinct({ skyId: reminders.skyId, tzOffset: reminders.tzOffset, hour: reminders.hour })
    .from(reminders)
    .where(eq(reminders.chainId, chainId))
  const at = await chainTime()
  const wall = Date.now()
  const jobs: JobInsert<NightJob>[] = []
  for (const { skyId, tzOffset, hour } of rows)
    for (const due of momentsDue(tzOffset, hour, at, lead))
      jobs.push({
        id: nightJobId(chainId, skyId, due.night, hour),
        data: { skyId, night: due.night, hour, at: due.at },
        startAfter: new Date(wall + Math.max(0, due.at - at) * 1000),
      })
  for (let i = 0; i < jobs.length; i += INSERT_CHUNK) await boss.insert(SEND_QUEUE, jobs.slice(i, i + INSERT_CHUNK))
  await db.delete(reminderSends).where(lt(reminderSends.claimedAt, new Date(wall - SENT_KEPT_SECONDS * 1000)))
}

/** Each browser's send of a night's reminder, claimed before it goes and marked once its push service took it. */
function sendLedger(db: Database, chainId: number) {
  const key = (endpoint: string, skyId: number, night: number) =>
    and(
      eq(reminderSends.endpoint, endpoint),
      eq(reminderSends.chainId, chainId),
      eq(reminderSends.skyId, skyId),
      eq(reminderSends.night, night),
    )
  return {
    /** Whether this process is to send it (`mine`), it was sent, or another's claim on it is under way. */
    async claim(endpoint: string, skyId: number, night: number): Promise<'mine' | 'sent' | 'elsewhere'> {
      const now = new Date()
      const [claimed] = await db
        .insert(reminderSends)
        .values({ endpoint, chainId, skyId, night, claimedAt: now })
        .onConflictDoUpdate({
          target: [reminderSends.endpoint, reminderSends.chainId, reminderSends.skyId, reminderSends.night],
          set: { claimedAt: sql`excluded.claimed_at` },
          setWhere: and(
            isNull(reminderSends.sentAt),
            lt(reminderSends.claimedAt, new Date(now.getTime() - CLAIM_STALE_SECONDS * 1000)),
          ),
        })
        .returning({ endpoint: reminderSends.endpoint })
      if (claimed) return 'mine'
      const [row] = await db
        .select({ sentAt: reminderSends.sentAt })
        .from(reminderSends)
        .where(key(endpoint, skyId, night))
      return row?.sentAt ? 'sent' : 'elsewhere'
    },
    sent: (endpoint: string, skyId: number, night: number) =>
      db
        .update(reminderSends)
        .set({ sentAt: new Date() })
        .where(key(endpoint, skyId, night)),
    /** Lets the send be claimed again (it failed), or forgets it (its subscription is gone). */
    drop: (endpoint: string, skyId: number, night: number) =>
      db.delete(reminderSends).where(key(endpoint, skyId, night)),
  }
}

/**
 * Whether `job` is sent now for `sky` at chain time `at`: why not (`skip`), or when its gaze opens (`opens`) for a sky
 * gazed late the night before, which cannot be gazed until its wait is over (GAZE_COOLDOWN): the reminder comes then,
 * as the calendar's event begins then, when that is still tonight.
 */
export function verdictOf(
  job: NightJob,
  sky: SkyState | null | undefined,
  at: number,
): { skip?: string; opens?: number } {
  if (!sky) return { skip: 'no such sky' }
  const dawn = nightStartOf(job.night, sky.tzOffset) + 12 * 3600
  if (at >= dawn) return { skip: 'the night is over' }
  if (sky.completed) return { skip: 'its constellation is complete' }
  if (sky.lastGazeAt !== null && nightOf(sky.lastGazeAt, sky.tzOffset) >= job.night) return { skip: 'gazed tonight' }
  const opens = sky.lastGazeAt === null ? 0 : sky.lastGazeAt + GAZE_COOLDOWN
  if (opens > at && opens > job.at) return opens >= dawn ? { skip: 'the gaze opens after the night' } : { opens }
  return {}
}

/** The planner's queue and the reminders': how often a job is tried, and how a dead process's jobs are found. */
async function createQueues(boss: PgBoss) {
  await boss.createQueue(PLAN_QUEUE, { policy: 'standard', retryLimit: 0, expireInSeconds: 120 })
  await boss.createQueue(SEND_QUEUE, {
    policy: 'standard',
    retryLimit: 20,
    retryDelay: 5,
    // A job whose process died is tried again once its heartbeat is missed (the worker beats every 5 s).
    heartbeatSeconds: 10,
    expireInSeconds: 300,
    // Kept past the planner's look-back, so that a job done is not planned again.
    deleteAfterSeconds: 2 * DAY,
  })
}

/** Starts the schedule on `boss` (started): the queues, the planner's period, and this process's workers. */
export async function startSchedule(deps: ScheduleDeps) {
  const { boss, db, chainId, vapid, chainTime, skyStates, planSeconds, sendsAtOnce, onError } = deps
  // Jobs are planned this far ahead, so that each is queued, with its start, before its moment comes.
  const lead = Math.max(120, 3 * planSeconds)
  await createQueues(boss)
  // The last schedule started in a process is the one scraped.
  waitingOf = async () => (await boss.getQueue(SEND_QUEUE))?.readyCount ?? 0
  const plan = () => planNights(deps, lead)
  const ledger = sendLedger(db, chainId)

  /** One sky-night's reminder to each of its owner's browsers; throws when one is to be tried again. */
  async function remind(job: NightJob, sky: SkyState | null | undefined, targets: (typeof reminders.$inferSelect)[]) {
    const at = await chainTime()
    const skip = (why: string) => {
      sent.inc({ outcome: 'skipped' }, targets.length)
      return why
    }
    const verdict = verdictOf(job, sky, at)
    if (verdict.skip) return skip(verdict.skip)
    if (verdict.opens !== undefined) {
      await boss.insert(SEND_QUEUE, [
        {
          id: nightJobId(chainId, job.skyId, job.night, job.hour, 'after-wait'),
          data: { ...job, at: verdict.opens },
          startAfter: new Date(Date.now() + (verdict.opens - at) * 1000),
        },
      ])
      return 'put off until the gaze opens'
    }
    if (!sky) return skip('no such sky')
    const owner = sky.owner.toLowerCase()
    let retry = 0
    for (const target of targets) {
      // A reminder asked for by a former owner is not theirs to receive.
      if (target.address.toLowerCase() !== owner) {
        sent.inc({ outcome: 'skipped' })
        continue
      }
      const claimed = await ledger.claim(target.endpoint, job.skyId, job.night)
      if (claimed === 'sent') continue
      if (claimed === 'elsewhere') {
        retry++
        continue
      }
      const outcome: SendOutcome = await sendReminder(db, vapid, target, reminderPayload(chainId, job.skyId, job.night))
      sent.inc({ outcome })
      if (outcome === 'sent') {
        await ledger.sent(target.endpoint, job.skyId, job.night)
        delay.observe(Math.max(0, (await chainTime()) - job.at))
      } else {
        await ledger.drop(target.endpoint, job.skyId, job.night)
        if (outcome === 'failed') retry++
      }
    }
    if (retry) throw new Error(`${retry} of sky ${job.skyId}'s reminders for night ${job.night} are to be tried again`)
    return 'sent'
  }

  async function work(jobs: Job<NightJob>[]): Promise<JobResult[]> {
    const skyIds = [...new Set(jobs.map((job) => job.data.skyId))]
    const [states, rows] = await Promise.all([
      skyStates(skyIds),
      db
        .select()
        .from(reminders)
        .where(and(eq(reminders.chainId, chainId), inArray(reminders.skyId, skyIds))),
    ])
    return Promise.all(
      jobs.map(async (job): Promise<JobResult> => {
        const targets = rows.filter((row) => row.skyId === job.data.skyId && row.hour === job.data.hour)
        try {
          return {
            id: job.id,
            status: 'completed',
            output: { done: await remind(job.data, states.get(job.data.skyId), targets) },
          }
        } catch (error) {
          onError(error, `sky ${job.data.skyId}'s reminder`)
          return { id: job.id, status: 'failed', output: { error: String(error) } }
        }
      }),
    )
  }

  // Two workers each fetch half the sends at once and work their jobs side by side: while one waits on its slowest push
  // service, the other goes on; each polls once a second, which is what an idle process costs its database.
  const workers = Math.min(2, sendsAtOnce)
  await boss.work<NightJob>(
    SEND_QUEUE,
    {
      batchSize: Math.max(1, Math.ceil(sendsAtOnce / workers)),
      localConcurrency: workers,
      pollingIntervalSeconds: 1,
      burstWhenBatchFull: true,
      perJobResults: true,
    },
    work,
  )
  await boss.work(PLAN_QUEUE, { pollingIntervalSeconds: Math.min(2, planSeconds) }, () => plan())
  // Every process asks for the period's plan; pg-boss keeps one job a period, which one process works.
  const ask = () =>
    boss
      .sendThrottled(PLAN_QUEUE, null, null, planSeconds, 'plan')
      .catch((error) => onError(error, 'planning reminders'))
  await ask()
  const timer = setInterval(ask, planSeconds * 1000)
  timer.unref()
  return {
    /** Plans now, as the period's job would (tests). */
    plan,
    stop: () => clearInterval(timer),
  }
}
