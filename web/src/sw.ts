// The app's service worker, registered only when a player turns a reminder on (web/src/lib/reminders/push.ts). It
// shows reminders and opens the app from them, and nothing else: no fetch handler and no precache, so every page loads
// from the network as it would without a worker (docs/decisions/reminders.md). Built by vite-plugin-pwa into /sw.js.
import { notificationOf, openFromNotification } from './lib/reminders/push-message'

declare const self: ServiceWorkerGlobalScope

// A push is a reminder from the API (RFC 8030, decrypted by the browser per RFC 8291): shown at once.
self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data?.text())
  event.waitUntil(self.registration.showNotification(title, options))
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  event.waitUntil(openFromNotification(self.clients, self.location.origin, event.notification.data))
})
