import type { HttpBindings } from '@hono/node-server'
import type { MiddlewareHandler } from 'hono'
import type { Logger } from 'pino'
import { setAnswerHeaders } from './http'
import { inRequest, logRequest, type RequestLines, requestIdOf, requestLog } from './log'
import { countRequest } from './metrics'

export type Answers = {
  /** Where each request's line and everything logged while it is handled go. */
  logger: Logger
  lines: RequestLines
  /** Whether the process is shutting down: every answer then closes its connection, so the next request goes to another. */
  draining: () => boolean
  /** What every answer carries (the security headers, http.ts); no route sets any of them itself. */
  headers: Readonly<Record<string, string>>
}

/**
 * What every answer gets, first of all middleware so that static files, the SPA fallback and errors get it too: an id
 * (nginx's, or a new one), echoed in `X-Request-Id` and carried by every line logged while the request is handled;
 * its own line as `lines` says; its count and time in the metrics; `headers`; and `Connection: close` while draining.
 *
 * One middleware rather than one for each: each layer is one more closure, promise and dispatch a request. Under
 * @hono/node-server the headers go on Node's own answer before the route runs (Node merges them with the route's
 * when the answer is written), so that an answer made with plain headers never needs a Headers object; elsewhere
 * (`app.request` in tests) they go on the route's answer. docs/decisions/production.md, "What it costs a request".
 */
export function answers({ logger, lines, draining, headers }: Answers): MiddlewareHandler {
  const entries = Object.entries(headers)
  return async (c, next) => {
    const started = performance.now()
    const reqId = requestIdOf(c.req.header('X-Request-Id'))
    const log = requestLog(logger, reqId)
    c.set('logger', log)
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing
    if (outgoing) {
      for (const [name, value] of entries) outgoing.setHeader(name, value)
      outgoing.setHeader('X-Request-Id', reqId)
    }
    await inRequest(log, next)
    const ms = performance.now() - started
    countRequest(c, ms / 1000)
    if (!outgoing) setAnswerHeaders(c, { ...headers, 'X-Request-Id': reqId })
    if (draining()) setAnswerHeaders(c, { Connection: 'close' })
    logRequest(c, log, lines, Math.round(ms * 10) / 10)
  }
}
