import { useEffect, useState } from 'react'

const interactions = ['pointerdown', 'keydown', 'touchstart'] as const

/** True from the page's first pointer, key or touch on. */
export function useInteracted(): boolean {
  const [interacted, setInteracted] = useState(false)
  useEffect(() => {
    if (interacted) return
    const onInteract = () => setInteracted(true)
    for (const type of interactions) window.addEventListener(type, onInteract, { once: true, passive: true })
    return () => {
      for (const type of interactions) window.removeEventListener(type, onInteract)
    }
  }, [interacted])
  return interacted
}
