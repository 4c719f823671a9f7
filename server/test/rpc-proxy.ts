// Not imported by the server itself.
import { startProxy } from '@chainellation/scripts/proxy'

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
  const proxy = await startProxy({
    upstream,
    keepPath: false,
    handle: async ({ body, forward, hold }) => {
      const isSend = body.includes('"eth_sendRawTransaction"')
      if (isSend) sends++
      await hold(isSend ? delayMs : readDelayMs)
      const answer = await forward()
      if (isSend && hangSends) await hold()
      return answer
    },
  })
  return { url: proxy.url, sends: () => sends, close: proxy.close }
}
