import { useEffect } from 'react'

const interactions = ['pointerdown', 'keydown', 'touchstart'] as const

/**
 * Calls `onInteract` once, on the page's first pointer, key or touch after the caller has mounted. A callback rather
 * than a state: a state set in the event re-rendered its holder synchronously inside it (React renders a discrete
 * event's updates before the event's frame), which a press waited behind to paint (docs/decisions/first-use.md).
 * `onInteract` must keep its identity, or each render listens afresh.
 */
export function useFirstInteraction(onInteract: () => void): void {
  useEffect(() => {
    const remove = () => {
      for (const type of interactions) window.removeEventListener(type, once)
    }
    const once = () => {
      remove()
      onInteract()
    }
    for (const type of interactions) window.addEventListener(type, once, { passive: true })
    return remove
  }, [onInteract])
}
