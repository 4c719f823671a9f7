import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'

// Sonner (its toaster and `toast`) is fetched with the first notification a page asks for, not with the wallet
// stack: a page that sends nothing never loads it (docs/decisions/first-use.md).

type Sonner = typeof import('sonner')

let resolveReady: (sonner: Sonner) => void = () => {}
/** Sonner, once its toaster is mounted and listening: a toast sent before would not be shown. */
export const toasterReady = new Promise<Sonner>((resolve) => {
  resolveReady = resolve
})

let wanted = false
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Asks for the toaster: `Notifications` fetches and mounts it. */
export function wantToaster() {
  if (wanted) return
  wanted = true
  for (const listener of listeners) listener()
}

const LazyToaster = lazy(async () => {
  const sonner = await import('sonner')
  return {
    default: function Toaster() {
      // After sonner's own effects (a child's run first): it is subscribed to its toasts by now.
      useEffect(() => resolveReady(sonner), [])
      return <sonner.Toaster theme="dark" position="bottom-right" closeButton />
    },
  }
})

/** Every write's notifications, once a write has been sent: a landmark of their own, outside the page's main. */
export function Notifications() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  )
  if (!shown) return null
  return createPortal(
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>,
    document.body,
  )
}
