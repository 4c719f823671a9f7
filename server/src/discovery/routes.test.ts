// The discovery routes in front of an indexer stand-in: a real HTTP server answering as the indexer's routes do,
// which records what it was asked and can fail. The indexer itself is tested on anvil in indexer/test.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Names } from '../names/ens'
import { answerCache } from './answers'
import { discoveryRoutes, INDEXER_UNAVAILABLE } from './routes'

const OWNER = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
const asked: string[] = []
let answer: { status: number; body: string } = { status: 200, body: '{}' }
/** What the stand-in answers at /sync; unset, /sync gets `answer` like any path (no indexed block: nothing is kept). */
let indexedBlock: number | undefined
let indexer: Server
let indexerUrl: string

const names: Names = {
  enabled: true,
  lookup: async () => {
    throw new Error('not used')
  },
  addressOf: async (name) => {
    if (name === 'down.eth') throw new Error('the ENS node did not answer')
    return name === 'alice.eth' ? OWNER : null
  },
}

const pass = async (_: unknown, next: () => Promise<void>) => next()
const app = (url: string | undefined) =>
  new Hono().route('/api/discovery', discoveryRoutes({ indexerUrl: url, names, readLimit: pass }))

beforeAll(async () => {
  indexer = createServer((req, res) => {
    asked.push(req.url ?? '')
    // Several reads at once: each answered with `answer`'s status and the read it answers, unless `answer` fails.
    if (req.url?.startsWith('/batch?') && answer.status === 200) {
      const reads = new URL(req.url, 'http://indexer').searchParams.getAll('read')
      const answers = reads.map((read) => ({ status: 200, text: JSON.stringify({ read }) }))
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ answers }))
      return
    }
    if (req.url === '/sync' && indexedBlock !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ indexedBlock }))
      return
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body)
  })
  await new Promise<void>((resolve) => indexer.listen(0, '127.0.0.1', resolve))
  indexerUrl = `http://127.0.0.1:${(indexer.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => indexer.close(resolve)))

describe('/api/discovery', () => {
  it('passes a read and its query (in a fixed order) to the indexer and answers with its answer', async () => {
    answer = { status: 200, body: JSON.stringify({ skies: [], page: 2, next: null }) }
    const res = await app(indexerUrl).request('/api/discovery/skies?sort=gazes&page=2')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ skies: [], page: 2, next: null })
    expect(asked.at(-1)).toBe('/skies?page=2&sort=gazes')
  })

  it("passes the indexer's refusal and its sentence on", async () => {
    answer = { status: 400, body: JSON.stringify({ error: 'sort must be one of newest, oldest.' }) }
    const res = await app(indexerUrl).request('/api/discovery/skies?sort=best')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'sort must be one of newest, oldest.' })
  })

  it('resolves a search by ENS name into the owner’s address', async () => {
    answer = { status: 200, body: JSON.stringify({ skies: [], page: 1, next: null }) }
    await app(indexerUrl).request('/api/discovery/skies?q=alice.eth&sort=newest')
    expect(asked.at(-1)).toBe(`/skies?q=${OWNER}&sort=newest`)
  })

  it('answers an empty page for a name no one holds, without asking the indexer', async () => {
    const before = asked.length
    const res = await app(indexerUrl).request('/api/discovery/skies?q=nobody.eth')
    expect(await res.json()).toEqual({ skies: [], page: 1, next: null })
    expect(asked.length).toBe(before)
  })

  it('says so when the name service does not answer', async () => {
    const res = await app(indexerUrl).request('/api/discovery/skies?q=down.eth')
    expect(res.status).toBe(503)
  })

  it('answers 503 with a sentence when the indexer fails, is unreachable or is not set up', async () => {
    answer = { status: 500, body: JSON.stringify({ error: 'boom' }) }
    for (const res of [
      await app(indexerUrl).request('/api/discovery/activity'),
      await app('http://127.0.0.1:9').request('/api/discovery/activity'),
      await app(undefined).request('/api/discovery/activity'),
    ]) {
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual({ error: INDEXER_UNAVAILABLE })
    }
  })

  it('sends the reads that arrive together in one request, and fails them together', async () => {
    answer = { status: 200, body: '{}' }
    const before = asked.length
    const api = app(indexerUrl)
    const paths = ['/skies?page=3', '/activity?skyId=4', `/collectors/0x${'ab'.repeat(20)}`]
    const all = await Promise.all(paths.map((path) => api.request(`/api/discovery${path}`)))
    expect(await Promise.all(all.map((res) => res.json()))).toEqual(paths.map((read) => ({ read })))
    expect(asked.slice(before).filter((url) => url !== '/sync')).toEqual([
      `/batch?${new URLSearchParams(paths.map((read): [string, string] => ['read', read]))}`,
    ])

    answer = { status: 500, body: JSON.stringify({ error: 'boom' }) }
    const failed = await Promise.all(paths.map((path) => api.request(`/api/discovery${path}`)))
    expect(failed.map((res) => res.status)).toEqual([503, 503, 503])
  })

  it('refuses what is not an address as a collector, of any length, without asking the indexer', async () => {
    const before = asked.length
    for (const address of ['0xab', 'vitalik', `0x${'a'.repeat(16_000)}`]) {
      const res = await app(indexerUrl).request(`/api/discovery/collectors/${address}`)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: 'The address must be an address: 0x and 40 hexadecimal digits.' })
    }
    expect(asked.length).toBe(before)
  })

  it('refuses a read longer than any of the app’s, of any route, without asking the indexer', async () => {
    const before = asked.length
    for (const path of [
      `/skies/${'1'.repeat(3_000)}`,
      `/skies?q=${'a'.repeat(3_000)}`,
      `/activity?before=${'b'.repeat(3_000)}`,
    ]) {
      const res = await app(indexerUrl).request(`/api/discovery${path}`)
      expect(res.status, path).toBe(414)
      expect(await res.json()).toEqual({ error: 'That request is longer than any the gallery’s index answers.' })
    }
    expect(asked.length).toBe(before)
  })

  it('serves only the indexer’s read routes', async () => {
    const before = asked.length
    expect((await app(indexerUrl).request('/api/discovery/ready')).status).toBe(404)
    expect((await app(indexerUrl).request('/api/discovery/metrics')).status).toBe(404)
    expect(asked.length).toBe(before)
  })

  describe('keeps answers while the indexed block stays the same', () => {
    const reads = (path: string) => asked.filter((url) => url === path).length

    it('asks the indexer once for identical reads, again once a new block is indexed', async () => {
      indexedBlock = 7
      answer = { status: 200, body: JSON.stringify({ skies: [], page: 1, next: null }) }
      const api = app(indexerUrl)
      const path = '/skies?night=true&sort=recent'
      for (const query of ['sort=recent&night=true', 'night=true&sort=recent']) {
        const res = await api.request(`/api/discovery/skies?${query}`)
        expect(res.status).toBe(200)
        expect(await res.json()).toEqual({ skies: [], page: 1, next: null })
      }
      expect(reads(path)).toBe(1)

      // A new block: the first read after the quarter second starts a new reading of /sync and goes on with the last
      // one; the next sees the new block and, while the indexer is asked again, gets the last block's answer; the
      // one after that gets the new answer.
      indexedBlock = 8
      answer = { status: 200, body: JSON.stringify({ skies: [], page: 1, next: 2 }) }
      await sleep(300)
      const seen: unknown[] = []
      for (let i = 0; i < 3; i++) {
        seen.push(await (await api.request(`/api/discovery${path}`)).json())
        await sleep(50)
      }
      expect(seen).toEqual([
        { skies: [], page: 1, next: null },
        { skies: [], page: 1, next: null },
        { skies: [], page: 1, next: 2 },
      ])
      expect(reads(path)).toBe(2)
      indexedBlock = undefined
    })

    it('asks once for twenty identical reads at once, and reads /sync once for all', async () => {
      indexedBlock = 9
      answer = { status: 200, body: JSON.stringify({ activity: [], next: null }) }
      const api = app(indexerUrl)
      const syncs = reads('/sync')
      const all = await Promise.all(Array.from({ length: 20 }, () => api.request('/api/discovery/activity?limit=5')))
      expect(all.map((res) => res.status)).toEqual(Array(20).fill(200))
      expect(reads('/activity?limit=5')).toBe(1)
      expect(reads('/sync') - syncs).toBe(1)
      const sync = await api.request('/api/discovery/sync')
      expect(await sync.json()).toEqual({ indexedBlock: 9 })
      expect(reads('/sync') - syncs).toBe(1)
      indexedBlock = undefined
    })

    it('serves no answer more than 2 s after it was asked', async () => {
      indexedBlock = 11
      answer = { status: 200, body: JSON.stringify({ by: 'gazes', collectors: [] }) }
      const api = app(indexerUrl)
      const path = '/leaderboard?by=gazes'
      await api.request(`/api/discovery${path}`)
      indexedBlock = 12
      answer = { status: 200, body: JSON.stringify({ by: 'gazes', collectors: [], later: true }) }
      await sleep(2100)
      // /sync is read again first (the last reading is too old to go on with), then the answer, too old too.
      expect(await (await api.request(`/api/discovery${path}`)).json()).toEqual({
        by: 'gazes',
        collectors: [],
        later: true,
      })
      expect(reads(path)).toBe(2)
      indexedBlock = undefined
    })

    it('does not keep a failure', async () => {
      indexedBlock = 10
      const api = app(indexerUrl)
      answer = { status: 500, body: JSON.stringify({ error: 'boom' }) }
      expect((await api.request('/api/discovery/leaderboard')).status).toBe(503)
      answer = { status: 200, body: JSON.stringify({ by: 'completed', collectors: [] }) }
      expect((await api.request('/api/discovery/leaderboard')).status).toBe(200)
      expect(reads('/leaderboard')).toBe(2)
      indexedBlock = undefined
    })
  })
})

describe('the indexer’s progress as reads go by it', () => {
  it('says which /sync answer stands, without asking, for as long as reads would use it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      let syncs = 0
      const cache = answerCache({
        fetchAnswer: async (path) => {
          if (path === '/sync') syncs++
          return { status: 200, text: JSON.stringify({ indexedBlock: syncs }) }
        },
        syncTtlMs: 250,
      })
      expect(cache.syncStanding()).toBeUndefined()
      const first = await cache.sync()
      expect(cache.syncStanding()).toBe(first)
      vi.advanceTimersByTime(249)
      expect(cache.syncStanding()).toBe(first)
      vi.advanceTimersByTime(1)
      expect(cache.syncStanding()).toBeUndefined()
      expect(syncs).toBe(1)
      await cache.get('/skies/1')
      expect(cache.syncStanding()).not.toBe(first)
      expect(syncs).toBe(2)
    } finally {
      vi.useRealTimers()
    }
  })
})
