import { describe, expect, it, vi } from 'vitest'
import {
  askPermission,
  base64urlBytes,
  currentSubscription,
  endpointKey,
  pushSupport,
  REMINDER_WORKER,
  ReminderRefusal,
  subscribePush,
  subscribeThisBrowser,
  subscriptionJson,
} from './push'
import { AUTH, DESKTOP_UA, fakePush, IPAD_UA, IPHONE_UA, P256DH } from './testing/fake-push'
import { REMINDER_WORDS } from './words'

/** A VAPID public key as the API gives it: 65 bytes, base64url. */
const SERVER_KEY = Buffer.from([4, ...Array.from({ length: 64 }, (_, i) => i)]).toString('base64url')
const OTHER_KEY = Buffer.from([4, ...Array.from({ length: 64 }, (_, i) => 64 - i)]).toString('base64url')

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof ReminderRefusal ? error.message : `not a refusal: ${String(error)}`),
  )

describe('pushSupport', () => {
  it('asks an iPhone or iPad to add the app to the Home Screen first, and not once it is opened from there', () => {
    expect(pushSupport(fakePush({ userAgent: IPHONE_UA }).browser.scope)).toBe('ios-not-installed')
    // iPadOS names itself a Mac, with a touch screen.
    expect(pushSupport(fakePush({ userAgent: IPAD_UA, maxTouchPoints: 5 }).browser.scope)).toBe('ios-not-installed')
    // Safari on iOS before 16.4 has no Push API even there: installed or not, the Home Screen is the only way.
    expect(pushSupport(fakePush({ userAgent: IPHONE_UA, features: false }).browser.scope)).toBe('ios-not-installed')
    expect(pushSupport(fakePush({ userAgent: IPHONE_UA, standalone: true }).browser.scope)).toBe('ok')
    expect(pushSupport(fakePush({ userAgent: IPAD_UA }).browser.scope)).toBe('ok')
  })

  it('says a page inside another site’s frame cannot ask, whatever the browser', () => {
    expect(pushSupport(fakePush({ framed: true }).browser.scope)).toBe('framed')
    expect(pushSupport(fakePush({ framed: true, userAgent: IPHONE_UA }).browser.scope)).toBe('framed')
  })

  it('tells a browser without the Push API from one with it', () => {
    expect(pushSupport(fakePush({ userAgent: DESKTOP_UA, features: false }).browser.scope)).toBe('unsupported')
    expect(pushSupport(fakePush({ userAgent: DESKTOP_UA }).browser.scope)).toBe('ok')
  })
})

describe('askPermission', () => {
  it('asks only when leave is not given yet', async () => {
    const given = fakePush({ permission: 'granted' }).notification
    await askPermission(given)
    expect(given.requestPermission).not.toHaveBeenCalled()
    const asked = fakePush({ answer: 'granted' }).notification
    await askPermission(asked)
    expect(asked.requestPermission).toHaveBeenCalledOnce()
  })

  it('says how to unblock a denied permission, and to try again after a dismissed prompt', async () => {
    expect(await refusal(askPermission(fakePush({ answer: 'denied' }).notification))).toBe(REMINDER_WORDS.denied)
    expect(await refusal(askPermission(fakePush({ permission: 'denied', answer: 'denied' }).notification))).toBe(
      REMINDER_WORDS.denied,
    )
    expect(await refusal(askPermission(fakePush({ answer: 'default' }).notification))).toBe(REMINDER_WORDS.dismissed)
  })
})

describe('subscribeThisBrowser', () => {
  it('asks for leave first, then the key, the worker and the subscription, and gives the API its JSON', async () => {
    const push = fakePush()
    const order: string[] = []
    push.notification.requestPermission.mockImplementation(() => {
      order.push('permission')
      return Promise.resolve('granted')
    })
    push.container.register.mockImplementation(() => {
      order.push('worker')
      return Promise.resolve({ pushManager: push.pushManager })
    })
    const key = vi.fn(() => {
      order.push('key')
      return Promise.resolve(SERVER_KEY)
    })
    const subscription = await subscribeThisBrowser(key, push.browser)
    expect(order).toEqual(['permission', 'key', 'worker'])
    expect(push.container.register).toHaveBeenCalledWith(REMINDER_WORKER.url, {
      scope: '/',
      type: REMINDER_WORKER.type,
    })
    expect(push.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: base64urlBytes(SERVER_KEY),
    })
    expect(subscription).toEqual({ endpoint: push.subscription?.endpoint, keys: { p256dh: P256DH, auth: AUTH } })
  })

  it('refuses in words where the browser cannot, before asking anything', async () => {
    for (const [options, words] of [
      [{ userAgent: IPHONE_UA }, REMINDER_WORDS.iosNotInstalled],
      [{ features: false }, REMINDER_WORDS.unsupported],
      [{ framed: true }, REMINDER_WORDS.framed],
    ] as const) {
      const push = fakePush(options)
      const key = vi.fn(() => Promise.resolve(SERVER_KEY))
      expect(await refusal(subscribeThisBrowser(key, push.browser))).toBe(words)
      expect(push.notification.requestPermission).not.toHaveBeenCalled()
      expect(key).not.toHaveBeenCalled()
    }
  })

  it('stops at a refused permission, and passes the server’s refusal on as it is', async () => {
    const denied = fakePush({ answer: 'denied' })
    const key = vi.fn(() => Promise.resolve(SERVER_KEY))
    expect(await refusal(subscribeThisBrowser(key, denied.browser))).toBe(REMINDER_WORDS.denied)
    expect(key).not.toHaveBeenCalled()
    expect(denied.container.register).not.toHaveBeenCalled()

    const noKeys = fakePush()
    const off = new Error('This server sends no reminders: its operator has not set its push keys (VAPID).')
    await expect(subscribeThisBrowser(() => Promise.reject(off), noKeys.browser)).rejects.toBe(off)
    expect(noKeys.container.register).not.toHaveBeenCalled()
  })

  it('says so in a sentence when the push service refuses the subscription', async () => {
    const push = fakePush({ subscribeFails: 'Registration failed - push service error.' })
    expect(await refusal(subscribeThisBrowser(() => Promise.resolve(SERVER_KEY), push.browser))).toBe(
      'The browser could not subscribe to its push service (Registration failed - push service error). Try again later.',
    )
  })

  it('says so when the worker cannot be started', async () => {
    const push = fakePush()
    push.container.register.mockImplementation(() => Promise.reject(new TypeError('Failed to register')))
    expect(await refusal(subscribeThisBrowser(() => Promise.resolve(SERVER_KEY), push.browser))).toBe(
      REMINDER_WORDS.workerFailed,
    )
  })
})

describe('subscribePush', () => {
  it('keeps the subscription made with the server’s key, and replaces one made with another', async () => {
    const push = fakePush()
    const registration = await push.container.register()
    const first = await subscribePush(registration as unknown as ServiceWorkerRegistration, SERVER_KEY)
    const again = await subscribePush(registration as unknown as ServiceWorkerRegistration, SERVER_KEY)
    expect(again).toBe(first)
    expect(push.pushManager.subscribe).toHaveBeenCalledOnce()
    const replaced = await subscribePush(registration as unknown as ServiceWorkerRegistration, OTHER_KEY)
    expect(replaced.endpoint).not.toBe(first.endpoint)
    expect(first.unsubscribe).toHaveBeenCalledOnce()
  })
})

describe('currentSubscription', () => {
  it('registers nothing: no worker, no subscription', async () => {
    const push = fakePush()
    expect(await currentSubscription(push.browser.container)).toBeNull()
    expect(push.container.register).not.toHaveBeenCalled()
    await subscribeThisBrowser(() => Promise.resolve(SERVER_KEY), push.browser)
    expect((await currentSubscription(push.browser.container))?.endpoint).toBe(push.subscription?.endpoint)
    expect(await currentSubscription(undefined)).toBeNull()
  })
})

describe('subscriptionJson and endpointKey', () => {
  it('refuses a subscription without keys', () => {
    const bare = {
      endpoint: 'https://fcm.googleapis.com/x',
      toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/x' }),
    }
    expect(() => subscriptionJson(bare as unknown as PushSubscription)).toThrow(
      'The browser could not subscribe to its push service (it gave no keys). Try again later.',
    )
  })

  it('spells an endpoint as the API keeps it', () => {
    expect(endpointKey('https://FCM.googleapis.com:443/fcm/send/a')).toBe('https://fcm.googleapis.com/fcm/send/a')
  })

  it('reads the server’s key as bytes', () => {
    expect([...base64urlBytes(SERVER_KEY)]).toEqual([...Buffer.from(SERVER_KEY, 'base64url')])
  })
})
