import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/** A wallet island's content as code of its own, with `load` to fetch it ahead of its first render. */
export type LazyIsland<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  load: () => Promise<ComponentType<P>>
}

/** Island contents being fetched. */
const inFlight = new Set<Promise<unknown>>()

/**
 * Resolves once every island content fetch begun so far has settled. An island asks for its content a frame after it
 * mounts, without anyone awaiting it: a test that hydrates a page waits for this before it ends, so that no module is
 * still loading once its environment is gone (Vitest fails the run on such a load).
 */
export async function islandLoadsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight])
}

/**
 * The content of a wallet island, fetched only when wanted: hand `load` to the `WalletIsland`, which fetches it
 * beside the wallet stack rather than after it (see islands.ts). Keeps the page's own chunk free of wallet code.
 */
export function lazyIsland<P extends object>(importer: () => Promise<ComponentType<P>>): LazyIsland<P> {
  let loading: Promise<ComponentType<P>> | undefined
  const load = () => {
    if (!loading) {
      const started = importer()
      loading = started
      inFlight.add(started)
      void started.finally(() => inFlight.delete(started)).catch(() => {})
    }
    return loading
  }
  return Object.assign(
    lazy(async () => ({ default: await load() })),
    { load },
  )
}
