import type { ReactNode } from 'react'

// A page renders without the wallet stack and marks where wagmi's data belongs with `WalletIsland`; once the stack
// has loaded, it renders each island's content into the island's element through a portal, inside its providers.
// The page's own state never moves: the stack arriving mounts the islands' content and nothing else
// (docs/decisions/first-use.md).

export type Island = {
  container: HTMLElement
  content: ReactNode
  /** Fetches the content's own code (`lazyIsland`'s `load`): the stack draws the island once it is here. */
  load?: () => Promise<unknown>
}

const islands = new Map<string, Island>()
let list: readonly (readonly [string, Island])[] = []
const mounted = new Set<string>()
const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}

export const subscribeIslands = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Sets island `id`'s element and content, or removes it. */
export function setIsland(id: string, island: Island | undefined) {
  if (island) islands.set(id, island)
  else {
    islands.delete(id)
    mounted.delete(id)
  }
  list = [...islands]
  notify()
}

/** Every island on the page, for the wallet stack to render. */
export const getIslands = () => list

/** Called by the wallet stack once it has drawn island `id`'s content (or taken it away). */
export function setIslandMounted(id: string, value: boolean) {
  if (value === mounted.has(id)) return
  if (value) mounted.add(id)
  else mounted.delete(id)
  notify()
}

/** Whether the wallet stack has drawn island `id`'s content. */
export const isIslandMounted = (id: string) => mounted.has(id)
