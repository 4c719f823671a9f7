import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while React renders on the server or hydrates the server's HTML, true from then on. A part that only
 * exists in the browser (a portal into `document.body`, a value from storage) renders once hydration is done,
 * so the first client render matches the HTML the build wrote.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
