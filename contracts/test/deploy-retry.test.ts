import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Anvil, startAnvil } from '../scripts/anvil.ts'
import { deployAll } from '../scripts/deploy.ts'

// A hosted node drops a small share of requests with a 502 or 503; the deploy must not die of one
// (scripts/deploy.ts, sendSigned). The proxy below stands for such a provider in front of anvil.

type Fault = 'before' | 'after'

/** Forwards JSON-RPC to `upstream`, failing the first raw send with a 503: before it reaches the node, or after. */
async function flakyProvider(upstream: string, fault: Fault) {
  let failed = false
  const sends: number[] = []
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const sending = body.includes('"eth_sendRawTransaction"')
    if (sending) sends.push(Date.now())
    const failNow = sending && !failed
    if (failNow) failed = true
    if (failNow && fault === 'before') {
      res.writeHead(503, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'upstream failed' } }))
    }
    const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    const text = await answer.text()
    res.writeHead(failNow ? 503 : answer.status, { 'content-type': 'application/json' })
    res.end(
      failNow
        ? JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'upstream failed' } })
        : text,
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    sends,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('deploying through a provider that drops a request', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ pruneHistory: true })
  })
  afterAll(async () => {
    await anvil?.stop()
  })

  for (const fault of ['before', 'after'] as const) {
    it(`sends the transaction again when the provider fails it ${fault} it reaches the node`, async () => {
      const provider = await flakyProvider(anvil.rpcUrl, fault)
      try {
        const deployment = await deployAll({ rpcUrl: provider.url, writeBindings: false })
        expect(Object.keys(deployment.contracts)).toContain('Chainellation')
        // The failed send, then the same transaction again, then the rest of the deploy's.
        expect(provider.sends.length).toBeGreaterThan(2)
      } finally {
        await provider.close()
      }
    })
  }
})
