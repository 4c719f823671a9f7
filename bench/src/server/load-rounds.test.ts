import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measure, runOf } from './load-rounds'

// A server that leaves every fifth request without an answer, as a stuck process would: the run must count each
// request that timed out once (autocannon counts a timeout among its errors and again among its timeouts) and say what
// it was. (A connection dropped before its answer is no error to autocannon: it sends the request again.)
let requests = 0
const server = createServer((_req, res) => {
  requests++
  if (requests % 5 !== 0) res.end('ok')
})
let url = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise<void>((resolve) => server.close(() => resolve()))
})

describe('a route under load', () => {
  it('counts the requests that got no answer once each, by kind', async () => {
    const round = await measure({ pids: () => [], request: { url, connections: 2, timeout: 1 } }, 2)
    const run = runOf('GET /', [round, round], 4)
    expect(round.result.timeouts).toBeGreaterThan(0)
    expect(round.result.errors).toBe(round.result.timeouts)
    expect(run.errors).toBe(2 * round.result.timeouts)
    expect(round.errorKinds).toEqual({ 'request timed out': round.result.timeouts })
    expect(run.errorKinds).toEqual(
      Object.fromEntries(Object.entries(round.errorKinds).map(([kind, n]) => [kind, 2 * n])),
    )
    expect(Object.values(round.errorKinds).reduce((a, b) => a + b, 0)).toBe(round.result.errors)
  })

  it('says nothing of kinds when every request was answered', () => {
    const answered = {
      result: { errors: 0, timeouts: 0, non2xx: 0, requests: { total: 10 }, latency: { p99: 1 } },
      errorKinds: {},
      cpuMs: 1,
    } as unknown as Awaited<ReturnType<typeof measure>>
    expect(runOf('GET /', [answered], 1)).toMatchObject({ errors: 0, requests: 10 })
    expect(runOf('GET /', [answered], 1).errorKinds).toBeUndefined()
  })
})
