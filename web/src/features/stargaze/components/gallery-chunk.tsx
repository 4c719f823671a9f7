import { useNearViewport } from '@/hooks/use-near-viewport'
import { useSkyImages } from '@/lib/game'
import { GalleryCard } from './gallery-card'

/** A page of the gallery whose images are read together once it comes within 200 px of the viewport. */
export function GalleryChunk({ ids }: { ids: readonly bigint[] }) {
  const [ref, near] = useNearViewport<HTMLLIElement>('200px')
  const images = useSkyImages(ids, near)
  return ids.map((id, i) => (
    <li key={id.toString()} ref={i === 0 ? ref : undefined}>
      <GalleryCard id={id} meta={images.data?.[id.toString()]} failed={!!images.error} />
    </li>
  ))
}
