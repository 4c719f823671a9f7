import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * `value` in the browser, and `serverValue` while React renders on the server or hydrates the server's HTML, so that
 * the first client render matches the HTML the build wrote. Where the two differ, React renders the component again
 * at once after hydration, in one blocking task with all it renders below (docs/decisions/first-use.md): pass the
 * value the component shows, not a flag, and the common case, where the browser shows what the build wrote, costs no
 * second render. Values are compared with `Object.is`.
 */
export function useBrowserValue<T>(value: T, serverValue: T): T {
  return useSyncExternalStore(
    subscribe,
    () => value,
    () => serverValue,
  )
}

/**
 * False while React renders on the server or hydrates the server's HTML, true from then on. A part that only
 * exists in the browser (a portal into `document.body`, a value from storage) renders once hydration is done,
 * so the first client render matches the HTML the build wrote. It renders its component twice after hydration:
 * for a large one, `useBrowserValue` of what it shows.
 */
export function useHydrated(): boolean {
  return useBrowserValue(true, false)
}
