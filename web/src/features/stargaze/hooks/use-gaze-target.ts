import { useEffect, useRef } from 'react'
import { skyCardId } from '../utils/gaze-target'

/**
 * Brings sky `target`'s card into view once it is drawn, and puts the focus on its Gaze button once the button takes a
 * press (the chain's clock read, the sky ready, no other write on its way): where a reminder's notification leads,
 * the gaze is one press or one Enter away. Each happens once for a target, so the player's own scrolling and focus
 * are theirs afterwards.
 */
export function useGazeTarget(target: bigint | undefined) {
  const shown = useRef<bigint>(undefined)
  const focused = useRef<bigint>(undefined)
  // After every render: the card and its button change with the list, the clock and the writes under way.
  useEffect(() => {
    if (target === undefined) return
    const card = document.getElementById(skyCardId(target))
    if (!card) return
    if (shown.current !== target) {
      shown.current = target
      card.scrollIntoView({ block: 'center' })
    }
    if (focused.current === target) return
    const gaze = card.querySelector<HTMLButtonElement>('button[data-gaze]:not(:disabled)')
    if (!gaze) return
    focused.current = target
    gaze.focus({ preventScroll: true })
  })
}
