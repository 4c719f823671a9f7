// What the service worker (web/src/sw.ts) does with a reminder: the notification a push becomes, and the window a
// press on it leads to. Plain functions over the parts of the worker's scope they use, so that each is tried without a
// browser; the worker only wires them to its events.
import type { ReminderPayload } from '@chainellation/server'

/** A reminder's push as the API sends it (server/src/reminders/send.ts, `reminderPayload`). */
export type { ReminderPayload }

/** A notification to show: `registration.showNotification(title, options)`. */
export type ReminderNotification = {
  title: string
  options: NotificationOptions & { data: { url: string }; renotify?: boolean }
}

/** The app's icon, as the manifest names it. */
export const NOTIFICATION_ICON = '/icons/icon-192.png'

/** Where a notification leads when the push named no path of the app's own. */
const HOME = '/stargaze'

/** Shown for a push that is not a reminder as this app writes one: a push must always show something. */
const UNREADABLE = { title: 'Night is falling over your skies', body: 'Open Chainellation to gaze.' }

/** A path on the app's own origin (`/…`, not `//host/…`), or the stargaze page for anything else. */
export const appPath = (url: unknown) =>
  typeof url === 'string' && /^\/(?![/\\])/.test(url) && url.length <= 512 ? url : HOME

const isWholeNumber = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0

/** The reminder a push's text holds, or undefined when it holds none. */
export function readPayload(text: string | null | undefined): ReminderPayload | undefined {
  let value: unknown
  try {
    value = JSON.parse(text ?? '')
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const { title, body, url, skyId, chainId, night } = value as Record<string, unknown>
  if (typeof title !== 'string' || typeof body !== 'string' || typeof url !== 'string') return undefined
  if (!isWholeNumber(skyId) || !isWholeNumber(chainId) || !Number.isSafeInteger(night)) return undefined
  return { title, body, url, skyId, chainId, night: night as number }
}

/**
 * The notification a push becomes. Its tag names the sky on its chain, so that a second reminder of one sky replaces
 * the first rather than stacking under it, and alerts again (`renotify`): it is a new night's. A push that holds no
 * reminder still shows one, as a subscription that promised to show every push must (W3C Push API, `userVisibleOnly`).
 */
export function notificationOf(text: string | null | undefined): ReminderNotification {
  const payload = readPayload(text)
  if (!payload) {
    return { title: UNREADABLE.title, options: { body: UNREADABLE.body, icon: NOTIFICATION_ICON, data: { url: HOME } } }
  }
  return {
    title: payload.title,
    options: {
      body: payload.body,
      icon: NOTIFICATION_ICON,
      tag: `sky-${payload.chainId}-${payload.skyId}`,
      renotify: true,
      data: { url: appPath(payload.url) },
    },
  }
}

/** The parts of a window client a notification's press uses. */
export type AppWindow = {
  url: string
  focus: () => Promise<unknown>
  navigate: (url: string) => Promise<AppWindow | null>
}

/** The parts of the worker's `clients` a notification's press uses. */
export type AppClients<W extends AppWindow> = {
  matchAll: (options: { type: 'window'; includeUncontrolled: boolean }) => Promise<readonly W[]>
  openWindow: (url: string) => Promise<unknown>
}

/**
 * Where a press on a notification leads: an open window of the app, taken to the notification's path and focused, or
 * a new window there. A window the worker does not control yet (opened before it was registered) cannot be navigated
 * by it, so a new one opens instead. The window is moved before it is focused: the press allows the worker one window
 * to bring forward or open, which a focus that came to nothing would have spent.
 */
export async function openFromNotification<W extends AppWindow>(
  clients: AppClients<W>,
  origin: string,
  data: unknown,
): Promise<void> {
  const url = new URL(appPath((data as { url?: unknown } | null)?.url), origin).href
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((w) => new URL(w.url).origin === origin)
  // Undefined: not this worker's to navigate. Null: it went elsewhere, which this URL, of the app's own origin, cannot.
  const moved = open && (await open.navigate(url).catch(() => undefined))
  if (moved) await moved.focus()
  else await clients.openWindow(url)
}
