import { useSyncExternalStore } from 'react'

// The player's choice to pay their own gas where the game would pay it (docs/decisions/sponsored-writes.md),
// remembered in this browser and shared by its tabs.

const KEY = 'chainellation.pays-own-gas'
const listeners = new Set<() => void>()

const storage = (): Storage | undefined => {
  try {
    return globalThis.localStorage
  } catch {
    // Storage denied (a sandboxed frame, a browser's setting): the choice lasts as long as the page.
    return undefined
  }
}
let fallback = false

/** Whether the player chose to pay their own gas. */
export function paysOwnGas(): boolean {
  const store = storage()
  return store ? store.getItem(KEY) === '1' : fallback
}

/** Remembers the player's choice, and tells every reader in this page. */
export function setPaysOwnGas(own: boolean): void {
  const store = storage()
  if (store) {
    if (own) store.setItem(KEY, '1')
    else store.removeItem(KEY)
  } else fallback = own
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab's choice.
  const other = (event: StorageEvent) => {
    if (event.key === KEY) listener()
  }
  globalThis.addEventListener?.('storage', other)
  return () => {
    listeners.delete(listener)
    globalThis.removeEventListener?.('storage', other)
  }
}

/** The player's choice, and the way to change it. */
export function usePaysOwnGas(): [boolean, (own: boolean) => void] {
  return [useSyncExternalStore(subscribe, paysOwnGas, () => false), setPaysOwnGas]
}
