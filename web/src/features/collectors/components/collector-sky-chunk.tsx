import type { SkyJson } from '@chainellation/indexer/json'
import { useSkyImages } from '@/lib/game/use-sky-images'
import { CollectorSkyCard } from './collector-sky-card'

/** A page of the collector's skies, their images read from the chain together, as the gallery reads its own. */
export function CollectorSkyChunk({ skies }: { skies: readonly SkyJson[] }) {
  const images = useSkyImages(skies.map((sky) => BigInt(sky.id)))
  return skies.map((sky) => (
    <li key={sky.id}>
      <CollectorSkyCard sky={sky} meta={images.data?.[String(sky.id)]} failed={!!images.error} />
    </li>
  ))
}
