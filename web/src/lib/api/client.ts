import type { AppType } from '@chainellation/server'
import { hc } from 'hono/client'

/**
 * The API, on the app's own origin, typed by the server's routes (`AppType`): a route's parameters, body and
 * answers are declared once, in server/, and a change there breaks the app at compile time.
 */
export const api = hc<AppType>('/').api

/** The sentence of an API refusal (`{ error }`), or `fallback` when the answer carries none. */
export async function refusal(response: Response, fallback: string): Promise<Error> {
  // Any route's answer, of whatever type it declares, or none that parses: only a sentence in it is taken.
  const body: unknown = await response.json().catch(() => undefined)
  const error = typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined
  return new Error(typeof error === 'string' ? error : fallback)
}
