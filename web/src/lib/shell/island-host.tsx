import {
  type ReactNode,
  Suspense,
  startTransition,
  useEffect,
  useLayoutEffect,
  useReducer,
  useSyncExternalStore,
} from 'react'
import { createPortal } from 'react-dom'
import { getIslands, type Island, setIslandMounted, subscribeIslands } from './islands'
import { hasSettled } from './lazy-island'

/** Tells the island's page that its content is drawn, so it takes its fallback away in the same commit. */
function IslandMounted({ id, children }: { id: string; children: ReactNode }) {
  useLayoutEffect(() => {
    setIslandMounted(id, true)
    return () => setIslandMounted(id, false)
  }, [id])
  return children
}

/**
 * The pages' wallet islands (`WalletIsland`), each drawn into its own element inside the providers. An island's
 * content is code of its own (`lazy`), so that the page's chunk holds no wallet code: until it has loaded, the
 * page keeps the island's fallback.
 */
export function Islands() {
  const islands = useSyncExternalStore(subscribeIslands, getIslands, getIslands)
  return islands.map(([id, island]) => createPortal(<IslandContent id={id} island={island} />, island.container, id))
}

/**
 * An island's content, drawn once its code is here: drawn before, it suspended, showed its boundary's fallback, and
 * React revealed the content no sooner than 300 ms after that fallback (its throttle of Suspense reveals), well after
 * the code had come. Its arrival is a transition, like the stack's.
 */
function IslandContent({ id, island: { content, load } }: { id: string; island: Island }) {
  const [, arrived] = useReducer((n: number) => n + 1, 0)
  const here = !load || hasSettled(load)
  useEffect(() => {
    if (here || !load) return
    let live = true
    const draw = () => {
      if (live) startTransition(arrived)
    }
    load().then(draw, draw)
    return () => {
      live = false
    }
  }, [here, load])
  if (!here) return null
  return (
    <Suspense fallback={null}>
      <IslandMounted id={id}>{content}</IslandMounted>
    </Suspense>
  )
}
