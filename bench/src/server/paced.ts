// A route asked at a steady rate, as an open loop: a request falls due every 1/rate seconds whether or not those
// before it have been answered, and each is timed from the moment it fell due, so a slow answer that holds the next
// ones back counts against them as well (no coordinated omission). autocannon's own rate is a budget a second that
// each connection spends as fast as it can at the second's start (lib/httpClient.js), so its "paced" requests queued
// as at full speed; and it corrects its latencies as if each connection's requests were due a millisecond apart
// whatever the rate (lib/run.js), which filled its histogram with values no request took.
import { Agent, request as httpRequest } from 'node:http'
import type autocannon from 'autocannon'
import { percentile } from '../units'

/** A paced run's answers: how many fell due and how they went, and the 99th percentile of their latency. */
export type PacedRun = {
  sent: number
  /** Answered, whatever the status. */
  answered: number
  non2xx: number
  /** No answer: a connection error or no answer within {@link ANSWER_TIMEOUT_MS}. */
  errors: number
  p99Ms: number
}

/** A request unanswered this long counts as an error (autocannon's default timeout). */
export const ANSWER_TIMEOUT_MS = 10_000

type Outgoing = { path: string; method: string; headers: Record<string, string>; body?: string }

/** The next request to send, as autocannon would send `options` (its first `requests` entry's `setupRequest` applied). */
function requestsOf(options: autocannon.Options): () => Outgoing {
  const url = new URL(options.url)
  const base: Outgoing = {
    path: `${url.pathname}${url.search}`,
    method: options.method ?? 'GET',
    headers: (options.headers ?? {}) as Record<string, string>,
    body: options.body as string | undefined,
  }
  const setup = options.requests?.[0]?.setupRequest as ((request: Outgoing) => Outgoing) | undefined
  return setup ? () => setup({ ...base }) : () => base
}

/**
 * Sends `options`' request `rate` times a second for `seconds` over at most `connections` kept-alive connections (a
 * request due while all are busy waits for one, its wait counted), and resolves once every request has been answered
 * or has failed.
 */
export async function paced(
  options: autocannon.Options,
  rate: number,
  seconds: number,
  connections: number,
): Promise<PacedRun> {
  const { hostname, port } = new URL(options.url)
  const next = requestsOf(options)
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  const run: PacedRun = { sent: 0, answered: 0, non2xx: 0, errors: 0, p99Ms: 0 }
  const settled: Promise<void>[] = []
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const outgoing = next()
      const body = outgoing.body === undefined ? undefined : Buffer.from(outgoing.body)
      const headers = body ? { ...outgoing.headers, 'content-length': String(body.length) } : outgoing.headers
      const req = httpRequest(
        { agent, hostname, port, path: outgoing.path, method: outgoing.method, headers },
        (res) => {
          res.resume()
          res.on('end', () => {
            run.answered++
            if (!res.statusCode || res.statusCode < 200 || res.statusCode >= 300) run.non2xx++
            latencies.push(performance.now() - due)
            resolve()
          })
        },
      )
      req.setTimeout(ANSWER_TIMEOUT_MS, () => req.destroy(new Error('no answer in time')))
      req.on('error', () => {
        run.errors++
        resolve()
      })
      req.end(body)
    })
  const total = Math.round(rate * seconds)
  const interval = 1000 / rate
  const start = performance.now()
  await new Promise<void>((done) => {
    const tick = () => {
      // Every request due by now goes now: a timer that fired late catches up rather than shifting the schedule.
      const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1)
      while (run.sent < due) settled.push(send(start + run.sent++ * interval))
      if (run.sent < total) setTimeout(tick, Math.max(0, start + run.sent * interval - performance.now()))
      else done()
    }
    tick()
  })
  await Promise.all(settled)
  agent.destroy()
  // No answer at all has no latency: 0, as autocannon reports it.
  run.p99Ms = latencies.length
    ? Math.round(
        percentile(
          latencies.sort((a, b) => a - b),
          99,
        ),
      )
    : 0
  return run
}
