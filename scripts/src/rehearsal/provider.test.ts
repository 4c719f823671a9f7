import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type ProviderStandIn, startProvider } from './provider'

// A node that answers eth_blockNumber with block 1,000 and eth_getLogs with one log per block of the range asked,
// so the stand-in's caps can be tried on any number of logs.
type Call = { id: unknown; method: string; params: [{ fromBlock: string; toBlock: string }] }
let node: Server
let nodeUrl: string
const HEAD = 1000

beforeAll(async () => {
  node = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as Call | Call[]
      const answer = (call: Call) => {
        if (call.method === 'eth_blockNumber') return { jsonrpc: '2.0', id: call.id, result: `0x${HEAD.toString(16)}` }
        if (call.method === 'eth_getLogs') {
          const [{ fromBlock, toBlock }] = call.params
          const to = toBlock === 'latest' ? HEAD : Number(toBlock)
          const logs = []
          for (let b = Number(fromBlock); b <= to; b++) logs.push({ blockNumber: `0x${b.toString(16)}` })
          return { jsonrpc: '2.0', id: call.id, result: logs }
        }
        return { jsonrpc: '2.0', id: call.id, result: '0xaa36a7' }
      }
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
    })
  })
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve))
  nodeUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => node.close(() => resolve())))

let provider: ProviderStandIn | undefined
afterEach(async () => {
  await provider?.close()
  provider = undefined
})

type Reply = { id?: unknown; result?: unknown; error?: { code: number; message: string } }
type Body = Reply & Reply[] & { error: { code: number; message: string } }

const rpc = async (url: string, body: unknown) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, headers: res.headers, body: (await res.json()) as Body }
}
const call = (method: string, params: unknown[] = [], id = 1) => ({ jsonrpc: '2.0', id, method, params })
const quiet = { errorRate: 0, slowRate: 0 }

describe('the provider stand-in', () => {
  it('forwards single calls and batches, counting calls per key', async () => {
    provider = await startProvider({ upstream: nodeUrl, limits: quiet })
    const one = await rpc(provider.urlFor('api'), call('eth_chainId'))
    expect(one).toMatchObject({ status: 200, body: { id: 1, result: '0xaa36a7' } })
    const batch = await rpc(provider.urlFor('web'), [call('eth_chainId', [], 1), call('eth_blockNumber', [], 2)])
    expect(batch.body).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0xaa36a7' },
      { jsonrpc: '2.0', id: 2, result: '0x3e8' },
    ])
    expect(provider.stats().calls).toEqual({ api: 1, web: 2 })
  })

  it('refuses an eth_getLogs range past the cap in a provider’s words, naming a range that works', async () => {
    provider = await startProvider({ upstream: nodeUrl, limits: { ...quiet, getLogsMaxBlocks: 500 } })
    const wide = await rpc(provider.urlFor('indexer'), call('eth_getLogs', [{ fromBlock: '0x64', toBlock: 'latest' }]))
    expect(wide.status).toBe(200)
    expect(wide.body.error.message).toMatch(/up to a 500 block range.*this block range should work: \[0x64, 0x257\]/)
    const within = await rpc(provider.urlFor('indexer'), call('eth_getLogs', [{ fromBlock: '0x64', toBlock: '0x257' }]))
    expect(within.body.result).toHaveLength(500)
    expect(provider.stats().getLogsRefused).toBe(1)
  })

  it('refuses an answer with more logs than the cap, naming the range before the first log past it', async () => {
    provider = await startProvider({
      upstream: nodeUrl,
      limits: { ...quiet, getLogsMaxBlocks: 10_000, getLogsMaxResults: 100 },
    })
    const many = await rpc(provider.urlFor('indexer'), call('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0xc7' }]))
    // Blocks 0…199 hold one log each; the 101st log is in block 100, so 0…99 would have worked.
    expect(many.body.error.message).toMatch(/cap of 100 logs.*this block range should work: \[0x0, 0x63\]/)
  })

  it('answers 429 past a key’s calls per second, each key counted apart, and throughout a throttle', async () => {
    provider = await startProvider({ upstream: nodeUrl, limits: { ...quiet, callsPerSecond: 3 } })
    const three = [1, 2, 3].map((id) => call('eth_chainId', [], id))
    expect((await rpc(provider.urlFor('a'), three)).status).toBe(200)
    const past = await rpc(provider.urlFor('a'), call('eth_chainId'))
    expect(past.status).toBe(429)
    expect(past.headers.get('retry-after')).toBe('1')
    expect(past.body.error.code).toBe(429)
    expect((await rpc(provider.urlFor('b'), call('eth_chainId'))).status).toBe(200)

    provider.setLimits({ callsPerSecond: 1_000 })
    provider.throttle(60_000)
    expect((await rpc(provider.urlFor('c'), call('eth_chainId'))).status).toBe(429)
    provider.throttle(0)
    expect((await rpc(provider.urlFor('c'), call('eth_chainId'))).status).toBe(200)
    expect(provider.stats().throttled).toBe(2)
  })

  it('fails and slows the share of requests it is told to', async () => {
    provider = await startProvider({ upstream: nodeUrl, limits: { errorRate: 1, slowRate: 0 } })
    const failed = await rpc(provider.urlFor('web'), call('eth_chainId'))
    expect([502, 503]).toContain(failed.status)
    provider.setLimits({ errorRate: 0, slowRate: 1, slowMs: 50 })
    expect((await rpc(provider.urlFor('web'), call('eth_chainId'))).status).toBe(200)
    expect(provider.stats()).toMatchObject({ failed: 1, slowed: 1 })
  })

  it('lets browsers call it from any origin', async () => {
    provider = await startProvider({ upstream: nodeUrl, limits: quiet })
    const preflight = await fetch(provider.urlFor('web'), {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example', 'access-control-request-headers': 'content-type' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  })
})
