import { type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useSyncExternalStore } from 'react'
import { isIslandMounted, setIsland, subscribeIslands } from './islands'
import { loadWalletStack, wantsWalletAtOnce } from './wallet-loader'
import styles from './wallet-root.module.css'

export type WalletIslandProps = {
  /** Rendered inside the wallet stack's providers (wagmi, the query cache, the API session). */
  children: ReactNode
  /** Stands in until the stack has loaded: the build's HTML holds it, and the page paints with it. */
  fallback: ReactNode
  /** Fetches the content's own code (`lazyIsland`'s `load`), beside the stack rather than after it. */
  load?: () => Promise<unknown>
  /** Hold the island in a `<span>`, for content inside a paragraph (a `<div>` cannot be there). */
  inline?: boolean
}

/**
 * The part of a page that reads the chain or the wallet. The page around it renders, and keeps its state, without
 * the wallet stack; the island asks for the stack once the page is on screen, shows `fallback` until it is there,
 * and then its content, which the stack renders in place (see islands.ts).
 */
export function WalletIsland({ children, fallback, load, inline = false }: WalletIslandProps) {
  const id = useId()
  // A ref, not state: its element arrives in the commit that hydrates the page, and state set there would render the
  // island again inside that commit (docs/decisions/first-use.md). The layout effect below runs once it is attached.
  const holder = useRef<HTMLElement | null>(null)
  const setHolder = useCallback((element: HTMLElement | null) => {
    holder.current = element
  }, [])
  useEffect(() => {
    // A returning wallet's page fetches the stack as the app starts (src/main.tsx): its island's own code goes beside
    // it at once, as waiting a frame and a task would spare the page's paint nothing.
    if (wantsWalletAtOnce()) {
      void loadWalletStack()
      void load?.()
      return
    }
    // Once the page's frame is drawn: its largest paint then waits for none of the stack's requests.
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        void loadWalletStack()
        void load?.()
      })
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [load])
  const mounted = useSyncExternalStore(
    subscribeIslands,
    useCallback(() => isIslandMounted(id), [id]),
    () => false,
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: `inline` changes the holder's element, which is handed on.
  useLayoutEffect(() => {
    if (holder.current) setIsland(id, { container: holder.current, content: children, load })
  }, [id, children, inline, load])
  useLayoutEffect(() => () => setIsland(id, undefined), [id])
  const Holder = inline ? 'span' : 'div'
  return (
    <Holder ref={setHolder} className={styles.island}>
      {/* biome-ignore lint/complexity/noUselessFragments: the holder is also the portal's container. A string as
          its only child would be its text content, which React takes away by clearing all its text, the portal's
          content with it; inside a fragment the string is a text node of its own, removed alone. */}
      <>{!mounted && fallback}</>
    </Holder>
  )
}
