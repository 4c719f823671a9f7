import { api, refusal } from '@/lib/api/client'

const calendar = api.calendar

/** The API's refusal as an error carrying its sentence. */
const refused = (response: Response) => refusal(response, `The calendar service answered ${response.status}.`)

/** Whether the signed-in account has a calendar link on, and since when. */
export async function calendarState(): Promise<{ on: boolean; since: string | null }> {
  const response = await calendar.$get()
  if (!response.ok) throw await refused(response)
  return response.json()
}

/** A new secret link to the account's calendar feed, replacing the last one. */
export async function newCalendarLink(): Promise<{ url: string; webcal: string; since: string }> {
  const response = await calendar.$post()
  if (!response.ok) throw await refused(response)
  return response.json()
}

/** Turns the account's calendar link off. */
export async function turnCalendarOff(): Promise<void> {
  const response = await calendar.$delete()
  if (!response.ok) throw await refused(response)
}
