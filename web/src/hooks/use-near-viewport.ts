import { useCallback, useState } from 'react'

/**
 * Whether the element has come within `margin` of the viewport (and stays true once it has): lazy loading
 * starts a little before the player scrolls to it.
 */
export function useNearViewport<T extends Element>(margin = '200px') {
  const [near, setNear] = useState(false)
  const ref = useCallback(
    (element: T | null) => {
      if (!element || near) return
      // Without the observer (an old browser, a test's DOM) nothing says when it comes near: load it now.
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true)
        return
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            setNear(true)
            observer.disconnect()
          }
        },
        { rootMargin: margin },
      )
      observer.observe(element)
      return () => observer.disconnect()
    },
    [near, margin],
  )
  return [ref, near] as const
}
