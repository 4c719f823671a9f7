// The discovery routes in front of an indexer stand-in: a real HTTP server answering as the indexer's routes do,
// which records what it was asked and can fail. The indexer itself is tested on anvil in indexer/test.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Names } from '../names/ens'
import { discoveryRoutes, INDEXER_UNAVAILABLE } from './routes'

const OWNER = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
const asked: string[] = []
let answer: { status: number; body: string } = { status: 200, body: '{}' }
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
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body)
  })
  await new Promise<void>((resolve) => indexer.listen(0, '127.0.0.1', resolve))
  indexerUrl = `http://127.0.0.1:${(indexer.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => indexer.close(resolve)))

describe('/api/discovery', () => {
  it('passes a read and its query to the indexer and answers with its answer', async () => {
    answer = { status: 200, body: JSON.stringify({ skies: [], page: 2, next: null }) }
    const res = await app(indexerUrl).request('/api/discovery/skies?sort=gazes&page=2')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ skies: [], page: 2, next: null })
    expect(asked.at(-1)).toBe('/skies?sort=gazes&page=2')
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

  it('serves only the indexer’s read routes', async () => {
    const before = asked.length
    expect((await app(indexerUrl).request('/api/discovery/ready')).status).toBe(404)
    expect((await app(indexerUrl).request('/api/discovery/metrics')).status).toBe(404)
    expect(asked.length).toBe(before)
  })
})
