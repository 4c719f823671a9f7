import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { z } from 'zod'

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS']

/**
 * Refuses a state-changing request made by a page outside `origins`. Browsers name the page's origin on every
 * such request; requests without the header (curl, server to server) carry no one's cookie by accident.
 */
export const sameOriginWrites =
  (origins: readonly string[]): MiddlewareHandler =>
  async (c, next) => {
    const from = c.req.header('Origin')
    if (!SAFE_METHODS.includes(c.req.method) && from !== undefined && !origins.includes(from))
      return c.json({ error: `Requests from ${from.slice(0, 100)} are not accepted.` }, 403)
    await next()
  }

const isJson = (contentType: string | undefined) =>
  /^application\/(?:[\w.-]+\+)?json$/i.test(contentType?.split(';')[0]?.trim() ?? '')

/**
 * Demands a JSON body and parses it once, so that hono's validator (which reads the parsed body from the request's
 * cache) never answers malformed JSON with its own words. A cross-site form cannot send `application/json`.
 */
export const jsonBody: MiddlewareHandler = async (c, next) => {
  if (!isJson(c.req.header('Content-Type')))
    return c.json({ error: 'The request body must be JSON (Content-Type: application/json).' }, 415)
  try {
    await c.req.json()
  } catch {
    return c.json({ error: 'The request body is not valid JSON.' }, 400)
  }
  await next()
}

/** Refuses a body over `maxBytes` bytes with 413 and `error`, whether or not the request declares its length. */
export const limitBody = (maxBytes: number, error: string) =>
  bodyLimit({ maxSize: maxBytes, onError: (c) => c.json({ error }, 413) })

/** The sentence of a failed zod parse: every message in our schemas is written as one. */
export const firstError = (error: z.ZodError) => error.issues[0]?.message ?? 'The request is invalid.'
