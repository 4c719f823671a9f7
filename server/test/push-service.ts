// A push service stand-in (RFC 8030) on this machine, and browsers' subscriptions whose keys the caller holds: what a
// test or a bench sends reminders to. Not imported by the server itself.
import { createECDH, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
// @ts-expect-error: http_ece ships no types; the push service's and the browser's side of RFC 8291.
import ece from 'http_ece'

export type PushDelivery = { path: string; headers: Record<string, unknown>; body: Buffer; at: number }

/**
 * Listens on a free port; keeps what it is sent (`received`, and `onPush` as it comes) and answers 201, or 410 for a
 * subscription path in `gone`, or 500 while `failing` counts down.
 */
export async function startPushService(onPush?: (delivery: PushDelivery) => void) {
  const received: PushDelivery[] = []
  const gone = new Set<string>()
  const state = { failing: 0 }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = req.url ?? ''
      if (state.failing > 0) {
        state.failing--
        res.writeHead(500).end()
        return
      }
      const delivery = { path, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() }
      received.push(delivery)
      onPush?.(delivery)
      res.writeHead(gone.has(path) ? 410 : 201).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    gone,
    /** Answers the next `count` sends with a 500, as a push service in trouble. */
    fail: (count: number) => {
      state.failing = count
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A browser's push subscription on the push service at `pushUrl`, whose keys the caller holds (RFC 8291). */
export function pushBrowser(pushUrl: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  const endpoint = `${pushUrl}/push/${randomBytes(8).toString('hex')}`
  return {
    subscription: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    /** What the push service received for this browser, decrypted as the browser would. */
    read: (body: Buffer) =>
      JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString()),
  }
}
