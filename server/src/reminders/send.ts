// Sends a night's reminder to one browser through its push service (Web Push: RFC 8030 delivery, RFC 8291 payload
// encryption, RFC 8292 VAPID), by the web-push library.
import { eq } from 'drizzle-orm'
import webpush from 'web-push'
import type { Database } from '../db'
import { reminders } from '../db/schema'

/** The application server's VAPID keys (base64url) and contact (a mailto: or https: URL), from the environment. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string }

/** What a reminder's notification says and opens: the sky's number and where to gaze; nothing of its owner. */
export type ReminderPayload = {
  title: string
  body: string
  url: string
  skyId: number
  chainId: number
  /** The night, numbered as @chainellation/contracts/nights numbers them. */
  night: number
}

export const reminderPayload = (chainId: number, skyId: number, night: number): ReminderPayload => ({
  title: `Night has fallen over sky #${skyId}`,
  body: 'Its next star waits for your gaze.',
  url: `/stargaze?gaze=${skyId}`,
  skyId,
  chainId,
  night,
})

/** How long a push service keeps a reminder for a browser that is offline: the night is twelve hours long. */
const TTL_SECONDS = 12 * 3600

/** How long a push service has to answer one send. */
const SEND_TIMEOUT_MS = 10_000

export type SendOutcome = 'sent' | 'gone' | 'failed'

/**
 * Sends `payload` to the browser of `subscription`. A push service that answers 404 or 410 says the subscription is
 * gone (RFC 8030, section 7.3): every reminder of that endpoint is deleted. Other failures are left to be tried again.
 */
export async function sendReminder(
  db: Database,
  vapid: VapidKeys,
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: ReminderPayload,
): Promise<SendOutcome> {
  // The library encrypts the payload and signs the request (VAPID); the request itself is sent here, so that a push
  // service's answer is read as RFC 8030 says, and the tests' push service can answer on this machine.
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      urgency: 'normal',
      // The push service replaces a reminder of this sky still waiting with this one (RFC 8030, section 5.4).
      topic: `sky${payload.chainId}x${payload.skyId}`.slice(0, 32),
    },
  )
  try {
    const answer = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      // A copy on an ArrayBuffer of its own: what fetch's body takes in every lib the code is checked with.
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    })
    await answer.body?.cancel()
    if (answer.status === 404 || answer.status === 410) {
      await db.delete(reminders).where(eq(reminders.endpoint, subscription.endpoint))
      return 'gone'
    }
    return answer.ok ? 'sent' : 'failed'
  } catch {
    return 'failed'
  }
}
