// The tests' push service (RFC 8030): Chromium cannot reach its own, so the API sends reminders here instead (the stack
// lets it through PUSH_SERVICE_ORIGINS), and a test reads what arrived for the subscription it handed the page, and
// decrypts it with the keys only it holds, as the browser would (RFC 8291).
import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BrowserContext } from '@playwright/test'
// @ts-expect-error: http_ece ships no types; the browser's side of RFC 8291 (aes128gcm, RFC 8188).
import ece from 'http_ece'

/** One message as the push service took it: the request's headers and its body, base64. */
export type PushedMessage = { headers: Record<string, string | string[] | undefined>; body: string; at: number }

const PUSH_PATH = /^\/push\/([A-Za-z0-9-]{1,64})$/
const RECEIVED_PATH = /^\/received\/([A-Za-z0-9-]{1,64})$/

/**
 * Listens on a free port of 127.0.0.1. `POST /push/:id` is a subscription's endpoint: the message is kept and answered
 * 201 Created, as a push service does. `GET /received/:id` gives a test what its subscription was sent.
 */
export async function startPushServiceStandIn() {
  const received = new Map<string, PushedMessage[]>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname
      const push = PUSH_PATH.exec(path)
      const read = RECEIVED_PATH.exec(path)
      if (req.method === 'POST' && push?.[1]) {
        const id = push[1]
        const message = { headers: req.headers, body: Buffer.concat(chunks).toString('base64'), at: Date.now() }
        received.set(id, [...(received.get(id) ?? []), message])
        res.writeHead(201, { Location: `/message/${randomUUID()}` }).end()
      } else if (req.method === 'GET' && read?.[1]) {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(received.get(read[1]) ?? []))
      } else {
        res.writeHead(404).end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * A browser's push subscription on the stand-in at `pushServiceUrl`, whose keys only the test holds: a P-256 key pair
 * and a 16-byte secret (RFC 8291). `json` is what the page's `PushSubscription.toJSON()` gives the app.
 */
export function testSubscription(pushServiceUrl: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  const id = randomUUID()
  const endpoint = `${pushServiceUrl}/push/${id}`
  return {
    json: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
    /** What the push service was sent for this subscription so far. */
    received: async (): Promise<PushedMessage[]> => (await fetch(`${pushServiceUrl}/received/${id}`)).json(),
    /** A message's body decrypted as the browser would: the text its service worker's push event holds. */
    decrypt: (message: PushedMessage): string =>
      ece
        .decrypt(Buffer.from(message.body, 'base64'), { version: 'aes128gcm', privateKey: ecdh, authSecret: auth })
        .toString('utf8'),
  }
}

/** Where the page keeps the test's subscription while it has one: the app asks for it again on every page. */
export const TEST_SUBSCRIPTION_KEY = 'e2e.push-subscription'

/**
 * Hands every page of `context` the test's subscription in place of Chromium's push service, which it cannot reach:
 * `PushManager.subscribe` answers with it (kept with the server key it was asked for, as a browser keeps it),
 * `getSubscription` gives it back until `unsubscribe`. The page's service worker is its own, registered by the app.
 */
export async function useTestSubscription(
  context: BrowserContext,
  subscription: ReturnType<typeof testSubscription>['json'],
) {
  await context.addInitScript(
    ({ endpoint, keys, storageKey }) => {
      const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)).buffer
      const base64 = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)))
      const made = (serverKey: string) => ({
        endpoint,
        expirationTime: null,
        options: { applicationServerKey: bytes(serverKey), userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: () => {
          localStorage.removeItem(storageKey)
          return Promise.resolve(true)
        },
      })
      PushManager.prototype.subscribe = function subscribe(options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey
        if (!key || typeof key === 'string') return Promise.reject(new DOMException('No key', 'InvalidAccessError'))
        const view = ArrayBuffer.isView(key) ? key : new Uint8Array(key)
        const serverKey = base64(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength) as ArrayBuffer)
        localStorage.setItem(storageKey, serverKey)
        return Promise.resolve(made(serverKey) as unknown as PushSubscription)
      }
      PushManager.prototype.getSubscription = function getSubscription() {
        const serverKey = localStorage.getItem(storageKey)
        return Promise.resolve(serverKey ? (made(serverKey) as unknown as PushSubscription) : null)
      }
    },
    { ...subscription, storageKey: TEST_SUBSCRIPTION_KEY },
  )
}
