import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { Database } from '../db'
import { findSession, type Session, sessionTokenPattern } from './store'

export const SESSION_COOKIE = 'chainellation_session'

/**
 * The session token the request carries, if well formed; a malformed cookie is treated as none, as the browser cannot
 * fix it and logging out clears it. Not a validator: the typed client has no cookie to pass.
 */
export function sessionToken(c: Context): string | undefined {
  const token = getCookie(c, SESSION_COOKIE)
  return token !== undefined && sessionTokenPattern.test(token) ? token : undefined
}

/**
 * Lets a request through only with a live session, which handlers then read as `c.var.session`; 401 otherwise.
 * `error` says what signing in would allow.
 */
export const requireSession = ({ db, now }: { db: Database; now: () => Date }, error: string) =>
  createMiddleware<{ Variables: { session: Session } }>(async (c, next) => {
    const token = sessionToken(c)
    const session = token ? await findSession(db, token, now()) : null
    if (!session) return c.json({ error }, 401)
    c.set('session', session)
    await next()
  })
