// The floor of a night's reminders (`npm run reminders -w @chainellation/bench` starts two of these): the Web Push
// sends alone, as the API makes each one (web-push's encryption and VAPID signature, then a fetch), with the same
// number in flight, and nothing around them: no job queue, no database, no reads of the index.
//   node --import tsx src/server/reminders-floor.ts <job JSON>
import { setTimeout as sleep } from 'node:timers/promises'
import { reminderPayload } from '@chainellation/server/reminders/send'
import webpush from 'web-push'

export type FloorJob = {
  /** The push service stand-in's base URL; reminder `n` goes to `<url>/push/<n>`. */
  pushUrl: string
  /** The browser's keys, as the reminders' rows hold them. */
  keys: { p256dh: string; auth: string }
  vapid: { publicKey: string; privateKey: string; subject: string }
  /** The reminders this process sends, `from` to `to` inclusive. */
  from: number
  to: number
  /** How many are in flight at once: the API's `REMINDER_SENDS_AT_ONCE`. */
  atOnce: number
  /** When to start (ms since the epoch), so that both processes start together. */
  startAt: number
}

const job = JSON.parse(process.argv[2] ?? '{}') as FloorJob

async function send(skyId: number) {
  const request = webpush.generateRequestDetails(
    { endpoint: `${job.pushUrl}/push/${skyId}`, keys: job.keys },
    // The API's own payload, so that the floor encrypts as many bytes as it does.
    JSON.stringify(reminderPayload(31337, skyId, 1)),
    { vapidDetails: job.vapid, TTL: 12 * 3600, urgency: 'normal', topic: `sky31337x${skyId}`.slice(0, 32) },
  )
  const answer = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ? new Uint8Array(request.body) : null,
  })
  await answer.body?.cancel()
  if (!answer.ok) throw new Error(`the push service answered ${answer.status}`)
}

await sleep(Math.max(0, job.startAt - Date.now()))
let next = job.from
await Promise.all(
  Array.from({ length: job.atOnce }, async () => {
    while (next <= job.to) await send(next++)
  }),
)
