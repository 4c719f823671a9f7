import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migratedDump } from '../test/database'
import { createApp } from './app'
import type { AppConfig } from './config'
import { type DatabaseHandle, openDatabase } from './db'

let database: DatabaseHandle
let indexer: Server
let indexerUrl: string
/** A port where nothing listens: an indexer that is down. */
let downUrl: string
beforeAll(async () => {
  database = await openDatabase({ loadDataDir: await migratedDump() })
  indexer = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"indexedBlock":1,"headBlock":1}')
  })
  await new Promise<void>((resolve) => indexer.listen(0, '127.0.0.1', resolve))
  indexerUrl = `http://127.0.0.1:${(indexer.address() as AddressInfo).port}`
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  downUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
  await new Promise((resolve) => closed.close(resolve))
})
afterAll(async () => {
  await new Promise((resolve) => indexer.close(resolve))
  await database.close()
})

const appWith = (config: Partial<AppConfig>, options: { db?: DatabaseHandle; draining?: () => boolean } = {}) =>
  createApp({
    config: { chainId: 31337, contracts: {}, auth: { origins: ['http://localhost:5173'], chains: [] }, ...config },
    db: (options.db ?? database).db,
    draining: options.draining,
  })

const ready = async (app: ReturnType<typeof appWith>) => {
  const res = await app.request('/api/ready')
  return { status: res.status, cacheControl: res.headers.get('cache-control'), body: await res.json() }
}

describe('GET /api/ready', () => {
  it('answers 200 when the database answers and there is no indexer', async () => {
    expect(await ready(appWith({}))).toEqual({
      status: 200,
      cacheControl: 'no-store',
      body: { ready: true, database: 'ok', indexer: 'not configured' },
    })
  })

  it('answers 200 when the indexer answers too', async () => {
    expect((await ready(appWith({ indexerUrl }))).body).toEqual({ ready: true, database: 'ok', indexer: 'ok' })
  })

  it('answers 503 naming the indexer when it does not answer', async () => {
    expect(await ready(appWith({ indexerUrl: downUrl }))).toEqual({
      status: 503,
      cacheControl: 'no-store',
      body: { ready: false, database: 'ok', indexer: 'failed', error: 'The indexer did not answer.' },
    })
  })

  it('answers 503 naming the database when it does not answer', async () => {
    const closed = await openDatabase({ loadDataDir: await migratedDump() })
    await closed.close()
    expect((await ready(appWith({ indexerUrl: downUrl }, { db: closed }))).body).toEqual({
      ready: false,
      database: 'failed',
      indexer: 'failed',
      error: 'The database and the indexer did not answer.',
    })
  })

  it('answers 503 while the process drains, and every answer then closes its connection', async () => {
    let draining = false
    const app = appWith({}, { draining: () => draining })
    expect((await app.request('/api/health')).headers.get('connection')).toBeNull()
    draining = true
    expect(await ready(app)).toEqual({
      status: 503,
      cacheControl: 'no-store',
      body: { ready: false, draining: true, error: 'The server is shutting down.' },
    })
    const health = await app.request('/api/health')
    expect(health.status).toBe(200)
    expect(health.headers.get('connection')).toBe('close')
  })

  it('leaves liveness alone: /api/health answers 200 with the database down', async () => {
    const closed = await openDatabase({ loadDataDir: await migratedDump() })
    await closed.close()
    expect((await appWith({}, { db: closed }).request('/api/health')).status).toBe(200)
  })
})
