import { eq } from 'drizzle-orm'
import { Hono, type MiddlewareHandler } from 'hono'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { openTestDatabase } from '../../test/database'
import { type PushDelivery, pushBrowser, startPushService } from '../../test/push-service'
import { signIn, testOrigin } from '../../test/sign-in'
import { authRoutes } from '../auth/routes'
import type { DatabaseHandle } from '../db'
import { reminders } from '../db/schema'
import { memoryRateLimits, rateLimit } from '../rate-limit'
import type { ReadSky } from '../skies/reader'
import { MAX_REMINDERS_PER_ACCOUNT, pushServiceAllows, reminderRoutes } from './routes'
import { reminderPayload, sendReminder, type VapidKeys } from './send'

const NOW = new Date('2026-03-01T21:00:00Z')
const vapid: VapidKeys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:operator@chainellation.example' }
const pass = async (_: unknown, next: () => Promise<void>) => next()

let database: DatabaseHandle
/** Who owns each sky, as the chain would say. */
const owners = new Map<number, string>()
const readSky = (async (_chainId: number, skyId: bigint) => {
  const owner = owners.get(Number(skyId))
  return owner ? { kind: 'found', tokenUri: '', owner } : { kind: 'no-sky' }
}) as unknown as ReadSky

let push: Awaited<ReturnType<typeof startPushService>>
let pushUrl: string
const received: PushDelivery[] = []
beforeAll(async () => {
  database = await openTestDatabase()
  push = await startPushService((delivery) => received.push(delivery))
  pushUrl = push.url
})
afterAll(async () => {
  await push?.close()
  await database?.close()
})
const browser = pushBrowser

function setup(keys: VapidKeys | null = vapid, addLimit: MiddlewareHandler = pass) {
  const now = () => NOW
  return new Hono()
    .route(
      '/api/auth',
      authRoutes({
        db: database.db,
        config: { origins: [testOrigin], chains: [{ chain: anvil, rpcUrl: 'http://127.0.0.1:9' }] },
        now,
        clientKey: () => 'client',
        rateLimits: memoryRateLimits(),
      }),
    )
    .route(
      '/api/reminders',
      reminderRoutes({
        db: database.db,
        now,
        chainId: 31337,
        readSky,
        timeZoneOf: async (skyId) => (owners.has(Number(skyId)) ? 19_800 : undefined),
        vapid: keys ?? undefined,
        writeLimit: pass,
        addLimit,
        // The browsers' push services, and the tests' stand-in on this machine.
        allowsEndpoint: (url) => pushServiceAllows()(url) || url.origin === pushUrl,
      }),
    )
}

const send = (app: ReturnType<typeof setup>, method: string, body: unknown, cookie?: string) =>
  app.request('/api/reminders', {
    method,
    headers: { Origin: testOrigin, 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

describe('reminders by Web Push', () => {
  it('gives the browser the server’s public key, and says so in words when it has none', async () => {
    expect(await (await setup().request('/api/reminders/key')).json()).toEqual({ publicKey: vapid.publicKey })
    const off = await setup(null).request('/api/reminders/key')
    expect(off.status).toBe(503)
    expect(await off.json()).toEqual({
      error: 'This server sends no reminders: its operator has not set its push keys (VAPID).',
    })
  })

  it('keeps a signed-in owner’s reminder of a sky, and refuses a stranger’s and a signed-out one', async () => {
    const app = setup()
    const { account, cookie } = await signIn(app, { at: NOW })
    const stranger = await signIn(app, { at: NOW })
    owners.set(11, account.address)
    const { subscription } = browser('https://fcm.googleapis.com/fcm/send')
    expect((await send(app, 'POST', { skyId: 11, subscription })).status).toBe(401)
    const theirs = await send(app, 'POST', { skyId: 11, subscription }, stranger.cookie)
    expect(theirs.status).toBe(403)
    expect(await theirs.json()).toEqual({ error: 'Only the sky’s owner can be reminded of its nights.' })
    expect((await send(app, 'POST', { skyId: 999, subscription }, cookie)).status).toBe(404)
    const made = await send(app, 'POST', { skyId: 11, subscription }, cookie)
    expect(made.status).toBe(201)
    // Asked again, the same browser and sky is still one reminder.
    expect((await send(app, 'POST', { skyId: 11, subscription }, cookie)).status).toBe(201)
    const listed = await app.request('/api/reminders', { headers: { Cookie: cookie } })
    expect(await listed.json()).toEqual({ reminders: [{ skyId: 11, endpoint: subscription.endpoint, hour: 0 }] })
    // The same endpoint in another spelling (the host's letter case, its default port) is the same browser, and
    // another hour of the night replaces the first.
    const shouted = subscription.endpoint.replace('fcm.googleapis.com', 'FCM.GoogleAPIs.com:443')
    const later = await send(
      app,
      'POST',
      { skyId: 11, subscription: { ...subscription, endpoint: shouted }, hour: 3 },
      cookie,
    )
    expect(await later.json()).toEqual({ skyId: 11, hour: 3, on: true })
    expect(await (await app.request('/api/reminders', { headers: { Cookie: cookie } })).json()).toEqual({
      reminders: [{ skyId: 11, endpoint: subscription.endpoint, hour: 3 }],
    })
    const [kept] = await database.db.select().from(reminders).where(eq(reminders.endpoint, subscription.endpoint))
    expect(kept?.tzOffset).toBe(19_800)
    expect((await send(app, 'DELETE', { skyId: 11, endpoint: subscription.endpoint }, cookie)).status).toBe(200)
    expect(await (await app.request('/api/reminders', { headers: { Cookie: cookie } })).json()).toEqual({
      reminders: [],
    })
  })

  it('answers a malformed subscription with a 400 in words, and keeps nothing', async () => {
    const app = setup()
    const { account, cookie } = await signIn(app, { at: NOW })
    owners.set(12, account.address)
    const { subscription } = browser('https://fcm.googleapis.com/fcm/send')
    const cases: [unknown, string][] = [
      [
        { skyId: 12, subscription: { ...subscription, endpoint: 'http://fcm.googleapis.com/fcm/send/x' } },
        'endpoint must be on a push service this server sends to (a browser’s own, over https).',
      ],
      [
        { skyId: 12, subscription: { ...subscription, endpoint: 'https://169.254.169.254/latest/meta-data' } },
        'endpoint must be on a push service this server sends to (a browser’s own, over https).',
      ],
      [
        { skyId: 12, subscription: { ...subscription, endpoint: 'https://fcm.googleapis.com.evil.example/x' } },
        'endpoint must be on a push service this server sends to (a browser’s own, over https).',
      ],
      [
        { skyId: 12, subscription: { ...subscription, endpoint: 'not a url' } },
        'endpoint must be the URL of a push service.',
      ],
      [
        { skyId: 12, subscription: { ...subscription, keys: { ...subscription.keys, p256dh: 'short' } } },
        "keys.p256dh must be 65 bytes, as the browser's subscription gives it.",
      ],
      [
        {
          skyId: 12,
          subscription: { ...subscription, keys: { ...subscription.keys, auth: `${subscription.keys.auth}==` } },
        },
        "keys.auth must be base64url, as the browser's subscription gives it.",
      ],
      [
        { skyId: 12, subscription: { endpoint: subscription.endpoint } },
        'keys must hold the subscription’s p256dh and auth.',
      ],
      [{ skyId: '12', subscription }, 'skyId must be a sky number.'],
      [{ skyId: 12, subscription, hour: 12 }, 'hour must be from 0 (nightfall, 18:00) to 11 (05:00).'],
      [{ skyId: 12, subscription, hour: -1 }, 'hour must be from 0 (nightfall, 18:00) to 11 (05:00).'],
      [{ skyId: 12, subscription, hour: 1.5 }, 'hour must be a whole number of hours.'],
      [{ skyId: 12, subscription, hour: '3' }, 'hour must be a number of hours into the night.'],
    ]
    for (const [body, error] of cases) {
      const res = await send(app, 'POST', body, cookie)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await res.json()).toEqual({ error })
    }
    expect((await send(app, 'POST', '{"skyId":', cookie)).status).toBe(400)
    expect(await (await app.request('/api/reminders', { headers: { Cookie: cookie } })).json()).toEqual({
      reminders: [],
    })
  })

  it(`keeps at most ${MAX_REMINDERS_PER_ACCOUNT} reminders an account, however many are asked for at once`, async () => {
    const app = setup()
    const { account, cookie } = await signIn(app, { at: NOW })
    for (let id = 1000; id < 1000 + MAX_REMINDERS_PER_ACCOUNT + 10; id++) owners.set(id, account.address)
    const asked = await Promise.all(
      Array.from({ length: MAX_REMINDERS_PER_ACCOUNT + 10 }, (_, i) =>
        send(
          app,
          'POST',
          { skyId: 1000 + i, subscription: browser('https://fcm.googleapis.com/fcm/send').subscription },
          cookie,
        ),
      ),
    )
    expect(asked.filter((r) => r.status === 201)).toHaveLength(MAX_REMINDERS_PER_ACCOUNT)
    expect(asked.filter((r) => r.status === 409)).toHaveLength(10)
  })

  it('turns on at most the day’s reminders from one client, whichever accounts sign in there', async () => {
    const perDay = rateLimit(
      memoryRateLimits()('reminder-adds', { limit: 3, windowMs: 86_400_000 }),
      'reminders turned on',
      () => '198.51.100.7',
    )
    const app = setup(vapid, perDay)
    // A crowd of new accounts behind one address, each the owner of a sky, all at once.
    const crowd = await Promise.all(Array.from({ length: 5 }, () => signIn(app, { at: NOW })))
    for (const [i, { account }] of crowd.entries()) owners.set(3000 + i, account.address)
    const asked = await Promise.all(
      crowd.map(({ cookie }, i) =>
        send(
          app,
          'POST',
          { skyId: 3000 + i, subscription: browser('https://fcm.googleapis.com/fcm/send').subscription },
          cookie,
        ),
      ),
    )
    expect(asked.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429])
    const refused = asked.find((r) => r.status === 429)
    expect((await refused?.json()) as { error: string }).toEqual({
      error: expect.stringMatching(/^Too many reminders turned on from your address; try again in \d+ seconds\.$/),
    })
  })

  it('sends a reminder its browser decrypts, telling nothing of the owner; a gone subscription is deleted', async () => {
    const app = setup()
    const { account, cookie } = await signIn(app, { at: NOW })
    owners.set(21, account.address)
    owners.set(22, account.address)
    const phone = browser(pushUrl)
    for (const skyId of [21, 22])
      expect((await send(app, 'POST', { skyId, subscription: phone.subscription }, cookie)).status).toBe(201)
    const row = { endpoint: phone.subscription.endpoint, ...phone.subscription.keys }

    expect(await sendReminder(database.db, vapid, row, reminderPayload(31337, 21, 20_500))).toBe('sent')
    const delivery = received.at(-1)
    expect(delivery?.headers['content-encoding']).toBe('aes128gcm')
    expect(String(delivery?.headers.authorization)).toMatch(new RegExp(`^vapid t=.+, k=${vapid.publicKey}$`))
    expect(delivery?.headers.ttl).toBe(String(12 * 3600))
    const payload = phone.read(delivery?.body ?? Buffer.alloc(0))
    expect(payload).toEqual({
      title: 'Night has fallen over sky #21',
      body: 'Its next star waits for your gaze.',
      url: '/stargaze?gaze=21',
      skyId: 21,
      chainId: 31337,
      night: 20_500,
    })
    expect(JSON.stringify(payload).toLowerCase()).not.toContain(account.address.slice(2).toLowerCase())

    // The browser unsubscribed: the push service answers 410, and every reminder of that endpoint goes.
    push.gone.add(new URL(phone.subscription.endpoint).pathname)
    expect(await sendReminder(database.db, vapid, row, reminderPayload(31337, 22, 20_500))).toBe('gone')
    expect(
      await database.db.select().from(reminders).where(eq(reminders.endpoint, phone.subscription.endpoint)),
    ).toEqual([])
  })
})
