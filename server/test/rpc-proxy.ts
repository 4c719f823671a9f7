// Not imported by the server itself.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

export type RpcProxy = {
  url: string
  /** How many raw transactions it has been sent. */
  sends: () => number
  close: () => Promise<void>
}

/**
 * A node in front of `upstream` that passes every call on, and does to `eth_sendRawTransaction` what a slow or
 * failing provider does: passes it on `delayMs` late, and (`hangSends`) never answers it; every other call it passes
 * on `readDelayMs` late.
 */
export async function rpcProxy(
  upstream: string,
  {
    delayMs = 0,
    readDelayMs = 0,
    hangSends = false,
  }: { delayMs?: number; readDelayMs?: number; hangSends?: boolean } = {},
): Promise<RpcProxy> {
  let sends = 0
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    const isSend = body.includes('"eth_sendRawTransaction"')
    if (isSend) {
      sends++
      await sleep(delayMs)
    } else if (readDelayMs) await sleep(readDelayMs)
    const forwarded = fetch(upstream, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
    if (isSend && hangSends) {
      await forwarded
      return
    }
    res.setHeader('content-type', 'application/json')
    res.end(await (await forwarded).text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sends: () => sends,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
