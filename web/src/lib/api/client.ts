import type { AppType } from '@chainellation/server'
import { hc } from 'hono/client'

/**
 * The API, on the app's own origin, typed by the server's routes (`AppType`): a route's parameters, body and
 * answers are declared once, in server/, and a change there breaks the app at compile time.
 */
export const api = hc<AppType>('/').api

/** The sentence of an API refusal (`{ error }`), or `fallback` when the answer carries none. */
export async function refusal(response: Response, fallback: string): Promise<Error> {
  const body = (await response.json().catch(() => ({}))) as { error?: unknown }
  return new Error(typeof body.error === 'string' ? body.error : fallback)
}
