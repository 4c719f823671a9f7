// The browser's side of a reminder (W3C Push API, Notifications API): what this browser can do, the app's service
// worker, the permission and the push subscription. No React, so each step is tried without a page.
import type { SubscriptionJson } from './reminder-api'
import { REMINDER_WORDS, subscribeFailedWords } from './words'

/** Why reminders cannot be turned on here, in words to show as they are. */
export class ReminderRefusal extends Error {
  override name = 'ReminderRefusal'
}

/**
 * What this browser can do: subscribe, or not until the app is on the Home Screen (iOS), or not inside another site's
 * frame (Safe{Wallet}'s), or not at all.
 */
export type PushSupport = 'ok' | 'ios-not-installed' | 'framed' | 'unsupported'

/** The parts of the browser's global scope the support check reads. */
export type BrowserScope = {
  navigator: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> & { standalone?: boolean }
  matchMedia?: (query: string) => { matches: boolean }
  /** The page's own window and the topmost one: another when the page is framed. */
  self?: unknown
  top?: unknown
}

/** An iPhone's or iPad's browser (iPadOS names itself a Mac with a touch screen). */
const isIos = ({ userAgent, maxTouchPoints }: BrowserScope['navigator']) =>
  /\b(iPad|iPhone|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1)

/**
 * Whether this browser can be reminded. Browsers ask for leave to notify only from a page of their own, not from
 * inside another site's frame, as Safe{Wallet} shows the app. iOS and iPadOS give web pages the Push API only in an app
 * opened from the Home Screen (a manifest's `display: standalone`), so there the answer is to install it first.
 */
export function pushSupport(scope: BrowserScope = window): PushSupport {
  if (scope.top !== undefined && scope.top !== scope.self) return 'framed'
  const standalone = scope.matchMedia?.('(display-mode: standalone)').matches || scope.navigator.standalone === true
  if (isIos(scope.navigator) && !standalone) return 'ios-not-installed'
  if (!('serviceWorker' in scope.navigator) || !('PushManager' in scope) || !('Notification' in scope)) {
    return 'unsupported'
  }
  return 'ok'
}

/** The words for a browser that cannot be reminded, or undefined where it can. */
export function supportRefusal(support: PushSupport): string | undefined {
  if (support === 'ios-not-installed') return REMINDER_WORDS.iosNotInstalled
  if (support === 'framed') return REMINDER_WORDS.framed
  if (support === 'unsupported') return REMINDER_WORDS.unsupported
  return undefined
}

/**
 * The app's service worker (web/src/sw.ts, built by vite-plugin-pwa): the production build writes it at /sw.js; the
 * dev server serves it as a module of its own.
 */
export const REMINDER_WORKER = import.meta.env.DEV
  ? ({ url: '/dev-sw.js?dev-sw', type: 'module' } as const)
  : ({ url: '/sw.js', type: 'classic' } as const)

/**
 * Registers the app's service worker, and resolves once it is active: only when a player turns a reminder on, never as
 * a page loads, so that a page without reminders runs as if there were none. It handles pushes and their
 * notifications, no fetch: the app loads from the network as before.
 */
export async function registerReminderWorker(
  container: ServiceWorkerContainer = navigator.serviceWorker,
): Promise<ServiceWorkerRegistration> {
  try {
    await container.register(REMINDER_WORKER.url, { scope: '/', type: REMINDER_WORKER.type })
    return await container.ready
  } catch {
    throw new ReminderRefusal(REMINDER_WORDS.workerFailed)
  }
}

/**
 * Asks for leave to notify, where it is not given yet. The browser asks only in answer to a press, so this comes
 * first, before anything is fetched.
 */
export async function askPermission(notification: Pick<typeof Notification, 'permission' | 'requestPermission'>) {
  const answer = notification.permission === 'granted' ? 'granted' : await notification.requestPermission()
  if (answer === 'denied') throw new ReminderRefusal(REMINDER_WORDS.denied)
  if (answer !== 'granted') throw new ReminderRefusal(REMINDER_WORDS.dismissed)
}

/** The bytes of a base64url text (the VAPID public key as the API gives it). */
export function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  )
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i])

/**
 * This browser's push subscription for the server's key `publicKey`: the one it has, or a new one. One made with
 * another key (a server whose keys changed) can take no push from this server, so it is replaced.
 */
export async function subscribePush(
  registration: ServiceWorkerRegistration,
  publicKey: string,
): Promise<PushSubscription> {
  const key = base64urlBytes(publicKey)
  const existing = await registration.pushManager.getSubscription()
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing
  await existing?.unsubscribe()
  try {
    return await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  } catch (error) {
    throw new ReminderRefusal(subscribeFailedWords(error instanceof Error ? error.message : ''))
  }
}

/** This browser's push subscription, without registering anything: none until a reminder was turned on here. */
export async function currentSubscription(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
): Promise<PushSubscription | null> {
  const registration = await container?.getRegistration('/')
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** Where the steps below find the browser's parts: this page's own, or a test's stand-ins. */
export type PushBrowser = {
  scope: BrowserScope
  notification: Pick<typeof Notification, 'permission' | 'requestPermission'> | undefined
  container: ServiceWorkerContainer | undefined
}

export const thisBrowser = (): PushBrowser => ({
  scope: window,
  notification: globalThis.Notification,
  container: globalThis.navigator?.serviceWorker,
})

/**
 * Every step a reminder asks of the browser, in the order it allows: can it, may it (asked first, in answer to the
 * press), the server's key, the service worker, the subscription. Resolves with the subscription for the API.
 */
export async function subscribeThisBrowser(
  publicKey: () => Promise<string>,
  browser: PushBrowser = thisBrowser(),
): Promise<SubscriptionJson> {
  const refusal = supportRefusal(pushSupport(browser.scope))
  if (refusal || !browser.notification || !browser.container)
    throw new ReminderRefusal(refusal ?? REMINDER_WORDS.unsupported)
  await askPermission(browser.notification)
  const key = await publicKey()
  const registration = await registerReminderWorker(browser.container)
  return subscriptionJson(await subscribePush(registration, key))
}

/** An endpoint as the API writes it (one spelling of the URL), to tell this browser's reminders from others'. */
export const endpointKey = (endpoint: string) => new URL(endpoint).href

/** A subscription as the API takes it. */
export function subscriptionJson(subscription: PushSubscription): SubscriptionJson {
  const { keys } = subscription.toJSON()
  if (!keys?.p256dh || !keys.auth) throw new ReminderRefusal(subscribeFailedWords('it gave no keys'))
  return { endpoint: subscription.endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }
}
