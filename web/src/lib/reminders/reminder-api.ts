import type { InferResponseType } from 'hono/client'
import { api, refusal } from '@/lib/api/client'

const reminders = api.reminders

/** The account's reminders on this chain, each a sky, a browser's endpoint and the hour into the night. */
export type Reminder = InferResponseType<typeof reminders.$get, 200>['reminders'][number]

/** The API's refusal as an error carrying its sentence. */
const refused = (response: Response) => refusal(response, `The reminder service answered ${response.status}.`)

/** The server's VAPID public key (base64url) to subscribe with; its words when it sends no reminders. */
export async function fetchReminderKey(): Promise<string> {
  const response = await reminders.key.$get()
  if (!response.ok) throw await refused(response)
  return (await response.json()).publicKey
}

/** The signed-in account's reminders. */
export async function fetchReminders(): Promise<readonly Reminder[]> {
  const response = await reminders.$get()
  if (!response.ok) throw await refused(response)
  return (await response.json()).reminders
}

/** A browser's push subscription as the API keeps it (the Push API's `toJSON()`, without its expiry). */
export type SubscriptionJson = { endpoint: string; keys: { p256dh: string; auth: string } }

/** Turns sky `skyId`'s reminder on for the browser of `subscription`, `hour` hours into its nights (or moves it). */
export async function addReminder(skyId: number, subscription: SubscriptionJson, hour: number): Promise<void> {
  const response = await reminders.$post({ json: { skyId, subscription, hour } })
  if (!response.ok) throw await refused(response)
}

/** Turns sky `skyId`'s reminder off for the browser whose push endpoint is `endpoint`. */
export async function removeReminder(skyId: number, endpoint: string): Promise<void> {
  const response = await reminders.$delete({ json: { skyId, endpoint } })
  if (!response.ok) throw await refused(response)
}
