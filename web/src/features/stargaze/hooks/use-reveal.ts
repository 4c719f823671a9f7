import { useEffect, useRef, useState } from 'react'

/** How long a reveal's moment lasts on the card. */
export const REVEAL_MS = 6000

/** A reveal the player has just caused: the image before it (to fade out over the new one), and whether it completed. */
export type Reveal = { before: string | undefined; stars: number; complete: boolean }

/**
 * The moment after a gaze: set when `revealed` grows while the card is on screen (not on a first read, nor after a
 * reload), for `REVEAL_MS`. `image` is the card's image now; the one shown before the gaze fades out over its successor.
 */
export function useReveal(revealed: number, total: number, image: string | undefined): Reveal | undefined {
  const last = useRef({ revealed, image })
  const [reveal, setReveal] = useState<Reveal>()
  useEffect(() => {
    const before = last.current
    const grew = revealed > before.revealed
    // The new image may come a read after the new count: until the count grows, the image shown is "before".
    last.current = { revealed, image: grew ? before.image : image }
    if (grew) setReveal({ before: before.image, stars: revealed, complete: revealed >= total })
  }, [revealed, total, image])
  useEffect(() => {
    if (!reveal) return
    const timer = setTimeout(() => setReveal(undefined), REVEAL_MS)
    return () => clearTimeout(timer)
  }, [reveal])
  return reveal
}
