import { useNearViewport } from '@/hooks/use-near-viewport'
import { useSkyImages } from '@/lib/game'
import { GalleryCard } from './gallery-card'

/**
 * A page of the gallery whose images are read together once it comes within 200 px of the viewport, or at once when
 * `eager` (see EAGER_CHUNKS).
 */
export function GalleryChunk({ ids, eager = false }: { ids: readonly bigint[]; eager?: boolean }) {
  const [ref, near] = useNearViewport<HTMLLIElement>('200px')
  const images = useSkyImages(ids, near || eager)
  return ids.map((id, i) => (
    <li key={id.toString()} ref={i === 0 ? ref : undefined}>
      <GalleryCard id={id} meta={images.data?.[id.toString()]} failed={!!images.error} />
    </li>
  ))
}
