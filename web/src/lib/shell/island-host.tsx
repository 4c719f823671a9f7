import { type ReactNode, Suspense, useLayoutEffect, useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import { getIslands, setIslandMounted, subscribeIslands } from './islands'

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
  return islands.map(([id, { container, content }]) =>
    createPortal(
      <Suspense fallback={null}>
        <IslandMounted id={id}>{content}</IslandMounted>
      </Suspense>,
      container,
      id,
    ),
  )
}
