// A browser's Push API and Notifications API as the reminder steps use them, for tests: what it answers is set per
// test, and every call is recorded.
import { vi } from 'vitest'
import type { PushBrowser } from '../push'

export const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1'
export const IPAD_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15'

/** A subscription's keys as the Push API gives them: a 65-byte P-256 point and a 16-byte secret, base64url. */
export const P256DH = `B${'A'.repeat(86)}`
export const AUTH = 'A'.repeat(22)

export type FakePushOptions = {
  /** The permission before anything is asked, and the answer to asking. */
  permission?: NotificationPermission
  answer?: NotificationPermission
  userAgent?: string
  maxTouchPoints?: number
  /** Opened from the Home Screen (`display-mode: standalone`). */
  standalone?: boolean
  /** Whether the browser has the Push API, service workers and notifications at all. */
  features?: boolean
  /** What the push service says to a subscription, when it refuses one. */
  subscribeFails?: string
  /** Shown inside another site's frame. */
  framed?: boolean
}

export function fakePush(options: FakePushOptions = {}) {
  const { permission = 'default', answer = 'granted', standalone = false, features = true } = options
  let count = 0
  let current: ReturnType<typeof subscription> | null = null
  const subscription = (key: ArrayBuffer) => {
    const endpoint = `https://fcm.googleapis.com/fcm/send/browser-${++count}`
    const made = {
      endpoint,
      options: { applicationServerKey: key, userVisibleOnly: true },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } }),
      unsubscribe: vi.fn(() => {
        if (current === made) current = null
        return Promise.resolve(true)
      }),
    }
    return made
  }
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(current)),
    subscribe: vi.fn(({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      if (options.subscribeFails) return Promise.reject(new DOMException(options.subscribeFails, 'AbortError'))
      current = subscription(applicationServerKey.slice().buffer)
      return Promise.resolve(current)
    }),
  }
  const registration = { pushManager }
  let registered = false
  const container = {
    register: vi.fn(() => {
      registered = true
      return Promise.resolve(registration)
    }),
    get ready() {
      return Promise.resolve(registration)
    },
    getRegistration: vi.fn(() => Promise.resolve(registered ? registration : undefined)),
  }
  const notification = {
    permission,
    requestPermission: vi.fn(() => {
      notification.permission = answer
      return Promise.resolve(answer)
    }),
  }
  const navigator = {
    userAgent: options.userAgent ?? DESKTOP_UA,
    maxTouchPoints: options.maxTouchPoints ?? 0,
    ...(features ? { serviceWorker: container } : {}),
  }
  const self = {}
  const scope = {
    navigator,
    self,
    top: options.framed ? {} : self,
    matchMedia: (query: string) => ({ matches: standalone && query === '(display-mode: standalone)' }),
    ...(features ? { PushManager: class {}, Notification: notification } : {}),
  }
  const browser = {
    scope,
    notification: features ? notification : undefined,
    container: features ? container : undefined,
  } as unknown as PushBrowser
  return {
    browser,
    container,
    pushManager,
    notification,
    /** The subscription the browser holds now. */
    get subscription() {
      return current
    },
    /** Gives a page (jsdom's window) this browser's parts; `vi.unstubAllGlobals()` and `restore()` take them back. */
    install() {
      const defined = ['serviceWorker', 'userAgent', 'maxTouchPoints'] as const
      for (const name of defined) {
        if (name in navigator) {
          Object.defineProperty(window.navigator, name, {
            value: navigator[name as keyof typeof navigator],
            configurable: true,
          })
        }
      }
      vi.stubGlobal('matchMedia', scope.matchMedia)
      if (features) {
        vi.stubGlobal('PushManager', scope.PushManager)
        vi.stubGlobal('Notification', notification)
      }
      return () => {
        for (const name of defined) Reflect.deleteProperty(window.navigator, name)
      }
    },
  }
}
