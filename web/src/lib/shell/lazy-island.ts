import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/** A wallet island's content as code of its own, with `load` to fetch it ahead of its first render. */
export type LazyIsland<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  load: () => Promise<ComponentType<P>>
}

/**
 * The content of a wallet island, fetched only when wanted: hand `load` to the `WalletIsland`, which fetches it
 * beside the wallet stack rather than after it (see islands.ts). Keeps the page's own chunk free of wallet code.
 */
export function lazyIsland<P extends object>(importer: () => Promise<ComponentType<P>>): LazyIsland<P> {
  let loading: Promise<ComponentType<P>> | undefined
  const load = () => {
    loading ??= importer()
    return loading
  }
  return Object.assign(
    lazy(async () => ({ default: await load() })),
    { load },
  )
}
