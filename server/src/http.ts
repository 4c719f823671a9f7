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

export type ContentSecurityPolicy = {
  /** Origins besides the app's own that may frame it: Safe{Wallet}, which loads a Safe App in an iframe. */
  frameAncestors: readonly string[]
}

/** The Content-Security-Policy header's value; every directive the app sends is written here. */
export const contentSecurityPolicy = ({ frameAncestors }: ContentSecurityPolicy) =>
  [`frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`].join('; ')

/** Adds the Content-Security-Policy to every response, including errors and static files. */
export const securityHeaders = (policy: ContentSecurityPolicy): MiddlewareHandler => {
  const value = contentSecurityPolicy(policy)
  return async (c, next) => {
    await next()
    c.header('Content-Security-Policy', value)
  }
}

/** What Safe{Wallet} needs to read a Safe App's manifest.json from its own origin. */
export const MANIFEST_CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET',
  'Access-Control-Allow-Headers': 'X-Requested-With, content-type, Authorization',
} as const

/** Lets any origin read the manifest (Safe{Wallet} fetches it to list the app), answering its preflight too. */
export const manifestCors: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'OPTIONS') return c.body(null, 204, MANIFEST_CORS_HEADERS)
  await next()
  for (const [name, value] of Object.entries(MANIFEST_CORS_HEADERS)) c.header(name, value)
}

/** The sentence of a failed zod parse: every message in our schemas is written as one. */
export const firstError = (error: z.ZodError) => error.issues[0]?.message ?? 'The request is invalid.'
