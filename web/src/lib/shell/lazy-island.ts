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

/** The `load`s of island contents whose fetch has settled, loaded or failed. */
const settledLoads = new WeakSet<() => Promise<unknown>>()

/** Whether `load`'s content has settled: drawn now, it does not suspend (or throws its failure at once). */
export const hasSettled = (load: () => Promise<unknown>) => settledLoads.has(load)

/**
 * The content of a wallet island, fetched only when wanted: hand `load` to the `WalletIsland`, which fetches it
 * beside the wallet stack rather than after it (see islands.ts). Keeps the page's own chunk free of wallet code.
 */
export function lazyIsland<P extends object>(importer: () => Promise<ComponentType<P>>): LazyIsland<P> {
  let loading: Promise<ComponentType<P>> | undefined
  let loaded: ComponentType<P> | undefined
  const load = () => {
    if (!loading) {
      const started = importer()
      loading = started
      inFlight.add(started)
      const done = () => {
        inFlight.delete(started)
        settledLoads.add(load)
      }
      void started.then((component) => {
        loaded = component
        done()
      }, done)
    }
    return loading
  }
  // React.lazy reads a module that is already here from a thenable that answers at once, and draws it without
  // suspending: a boundary that showed its fallback reveals its content no sooner than 300 ms after (React's
  // throttle of Suspense reveals), which held everyone's skies back (docs/decisions/first-use.md).
  const component = lazy(() =>
    loaded ? answered({ default: loaded }) : load().then((arrived) => ({ default: arrived })),
  )
  return Object.assign(component, { load })
}

/**
 * A thenable that hands `value` over as it is asked: React.lazy reads it at once and draws the module without
 * suspending, where a promise, even a resolved one, answers only in a later microtask.
 */
function answered<T>(value: T): Promise<T> {
  // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy takes; this one answers at once.
  return { then: (take: (value: T) => void) => take(value) } as unknown as Promise<T>
}
