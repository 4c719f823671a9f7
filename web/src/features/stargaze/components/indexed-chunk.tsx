import { useNearViewport } from '@/hooks/use-near-viewport'
import { useSkyImages } from '@/lib/game'
import type { IndexedSky } from '../api/discovery'
import { IndexedCard } from './indexed-card'

/**
 * A page of the index's skies whose images are read from the chain together (one multicall) once it comes within
 * 200 px of the viewport, or at once when `eager` (see EAGER_CHUNKS).
 */
export function IndexedChunk({
  skies,
  eager = false,
  streaks = false,
}: {
  skies: readonly IndexedSky[]
  eager?: boolean
  /** The skies are those whose streak stands, longest first: each card says its run. */
  streaks?: boolean
}) {
  const [ref, near] = useNearViewport<HTMLLIElement>('200px')
  const images = useSkyImages(
    skies.map((sky) => BigInt(sky.id)),
    near || eager,
  )
  return skies.map((sky, i) => (
    <li key={sky.id} ref={i === 0 ? ref : undefined}>
      <IndexedCard sky={sky} meta={images.data?.[String(sky.id)]} failed={!!images.error} streak={streaks} />
    </li>
  ))
}
