import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app'
import type { AppConfig } from './config'
import * as schema from './db/schema'

const db = drizzle.mock({ schema })

/** What the indexer stand-in says of its progress at /sync. */
let sync = { indexedBlock: 90, headBlock: 100 }
let indexer: Server
let indexerUrl: string
beforeAll(async () => {
  indexer = createServer((req, res) => {
    const body = req.url === '/sync' ? { chainId: 31337, ready: true, ...sync, behind: 0 } : { skies: [] }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => indexer.listen(0, '127.0.0.1', resolve))
  indexerUrl = `http://127.0.0.1:${(indexer.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => indexer.close(() => resolve())))

const appWith = (config: Partial<AppConfig> = {}) =>
  createApp({
    config: { chainId: 31337, contracts: {}, auth: { origins: ['http://localhost:5173'], chains: [] }, ...config },
    db,
  })

describe('GET /metrics', () => {
  it('is not served on the public port unless configured', async () => {
    for (const app of [appWith(), appWith({ metricsPublic: false, webDist: '/nonexistent' })]) {
      const res = await app.request('/metrics')
      expect(res.status).toBe(404)
      expect(await res.text()).not.toContain('# HELP')
    }
  })

  it('counts and times requests by route pattern, never by path', async () => {
    const app = appWith({ metricsPublic: true })
    for (const skyId of ['101', '102', '103']) await app.request(`/api/skies/31337/${skyId}`)
    const res = await app.request('/metrics')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    const text = await res.text()
    const counted =
      /^http_requests_total\{method="GET",route="\/api\/skies\/:chainId\/:skyId",status="404",ok="false"\} (\d+)$/m
    expect(Number(text.match(counted)?.[1])).toBeGreaterThanOrEqual(3)
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/skies\/:chainId\/:skyId"/m,
    )
    expect(text).not.toMatch(/\/api\/skies\/31337\/10[123]/)
  })

  it('reports the process’s memory and CPU', async () => {
    const text = await (await appWith({ metricsPublic: true }).request('/metrics')).text()
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m)
    expect(text).toMatch(/^process_resident_memory_bytes \d/m)
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m)
  })

  it('reports how many blocks the indexer is behind the chain, as its /sync says when scraped', async () => {
    const app = appWith({ metricsPublic: true, indexerUrl })
    sync = { indexedBlock: 90, headBlock: 100 }
    expect(await (await app.request('/metrics')).text()).toMatch(
      /^chainellation_indexer_lag_blocks\{chain_id="31337"\} 10$/m,
    )
  })

  it('leaves the indexer lag out when there is no indexer', async () => {
    const app = appWith({ metricsPublic: true })
    expect(await (await app.request('/metrics')).text()).not.toMatch(/^chainellation_indexer_lag_blocks\{/m)
  })
})
