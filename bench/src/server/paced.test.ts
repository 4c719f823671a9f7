import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { percentile } from '../units'
import { paced } from './paced'

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void
const servers: ReturnType<typeof createServer>[] = []

/** A local server answering with `handler`, and the URL it listens at. */
async function serve(handler: Handler) {
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    req.on('end', () => handler(req, res, body))
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

describe('a paced run', () => {
  it('spreads its requests over the time rather than sending a second’s worth at once', async () => {
    const arrivals: number[] = []
    const url = await serve((_req, res) => {
      arrivals.push(performance.now())
      res.end('ok')
    })
    const run = await paced({ url }, 200, 1, 10)
    expect(run).toMatchObject({ sent: 200, answered: 200, non2xx: 0, errors: 0 })
    // autocannon's rate sent all 200 in the first milliseconds of the second; here no 100 ms holds half of them.
    const first = arrivals[0] as number
    const busiest = Math.max(
      ...arrivals.map((at) => arrivals.filter((other) => other >= at && other < at + 100).length),
    )
    expect(busiest).toBeLessThan(100)
    expect((arrivals.at(-1) as number) - first).toBeGreaterThan(800)
  })

  it('times each request from when it fell due: a stall counts against those it held back', async () => {
    let stalled = false
    const url = await serve((_req, res) => {
      // One connection: the first request holds it 300 ms, and every request due meanwhile waits behind it.
      if (!stalled) {
        stalled = true
        setTimeout(() => res.end('slow'), 300)
      } else res.end('ok')
    })
    const run = await paced({ url }, 100, 1, 1)
    expect(run.answered).toBe(100)
    // About 30 requests fell due during the stall, each answered after it: more than 1% of them waited 200 ms or more.
    expect(run.p99Ms).toBeGreaterThanOrEqual(200)
  })

  it('sends what autocannon would, each request set up in turn, and counts refusals and failures', async () => {
    const seen: string[] = []
    const url = await serve((req, res, body) => {
      seen.push(`${req.method} ${req.url} ${req.headers.cookie} ${body}`)
      res.statusCode = req.url === '/drafts/b' ? 403 : 200
      res.end()
    })
    let turn = 0
    const run = await paced(
      {
        url: `${url}/drafts/a`,
        method: 'PATCH',
        headers: { cookie: 'a' },
        body: '{"name":"Loaded"}',
        requests: [
          {
            setupRequest: (request) => {
              const who = ['a', 'b'][turn++ % 2] as string
              return { ...request, path: `/drafts/${who}`, headers: { ...request.headers, cookie: who } }
            },
          },
        ],
      },
      40,
      0.1,
      2,
    )
    expect(run).toMatchObject({ sent: 4, answered: 4, non2xx: 2, errors: 0 })
    expect(seen.sort()).toEqual([
      'PATCH /drafts/a a {"name":"Loaded"}',
      'PATCH /drafts/a a {"name":"Loaded"}',
      'PATCH /drafts/b b {"name":"Loaded"}',
      'PATCH /drafts/b b {"name":"Loaded"}',
    ])
    const closed = await paced({ url: 'http://127.0.0.1:9/' }, 20, 0.1, 1)
    expect(closed).toMatchObject({ sent: 2, answered: 0, errors: 2, p99Ms: 0 })
  })
})

describe('the percentile a paced run reports', () => {
  it('takes the nearest rank', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(percentile(hundred, 99)).toBe(99)
    expect(percentile(hundred, 50)).toBe(50)
    expect(percentile([7], 99)).toBe(7)
    expect(percentile([], 99)).toBeNaN()
  })
})
