// The readiness metric: what `/api/ready` answers the load balancer, for Prometheus, which reads the metrics port.
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
/** Whether the indexer stand-in answers its /sync. */
let indexerUp = true
beforeAll(async () => {
  database = await openDatabase({ loadDataDir: await migratedDump() })
  indexer = createServer((_, res) => {
    res.writeHead(indexerUp ? 200 : 503, { 'content-type': 'application/json' }).end('{"indexedBlock":1,"headBlock":1}')
  })
  await new Promise<void>((resolve) => indexer.listen(0, '127.0.0.1', resolve))
  indexerUrl = `http://127.0.0.1:${(indexer.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => indexer.close(resolve))
  await database.close()
})

const appWith = (config: Partial<AppConfig>, draining = () => false) =>
  createApp({
    config: {
      chainId: 31337,
      contracts: {},
      auth: { origins: ['http://localhost:5173'], chains: [] },
      metricsPublic: true,
      ...config,
    },
    db: database.db,
    draining,
  })

/** The app's readiness as `/api/ready` answers it and as `/metrics` says it, scraped after. */
const readiness = async (app: ReturnType<typeof appWith>) => {
  const status = (await app.request('/api/ready')).status
  const metrics = await (await app.request('/metrics')).text()
  return { status, gauge: metrics.match(/^chainellation_api_ready (\d+)$/m)?.[1] }
}

describe('chainellation_api_ready', () => {
  it('is 1 while /api/ready answers 200, and 0 when the indexer does not answer', async () => {
    indexerUp = true
    expect(await readiness(appWith({ indexerUrl }))).toEqual({ status: 200, gauge: '1' })
    // A new app: each keeps the indexer's last answer for a moment.
    indexerUp = false
    expect(await readiness(appWith({ indexerUrl }))).toEqual({ status: 503, gauge: '0' })
    indexerUp = true
  })

  it('is 0 while the process drains', async () => {
    let draining = false
    const app = appWith({}, () => draining)
    expect(await readiness(app)).toEqual({ status: 200, gauge: '1' })
    draining = true
    expect(await readiness(app)).toEqual({ status: 503, gauge: '0' })
  })
})
