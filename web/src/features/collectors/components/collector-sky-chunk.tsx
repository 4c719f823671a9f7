import type { SkyJson } from '@chainellation/indexer/json'
import { useChainNow } from '@/lib/game/use-chain-now'
import { useSkyImages } from '@/lib/game/use-sky-images'
import { CollectorSkyCard } from './collector-sky-card'

/** A page of the collector's skies, their images read from the chain together, as the gallery reads its own. */
export function CollectorSkyChunk({ skies }: { skies: readonly SkyJson[] }) {
  const images = useSkyImages(skies.map((sky) => BigInt(sky.id)))
  // Read beside the images, in the same multicall: the clock each card's streak stands by.
  const { now } = useChainNow()
  return skies.map((sky) => (
    <li key={sky.id}>
      <CollectorSkyCard sky={sky} meta={images.data?.[String(sky.id)]} failed={!!images.error} now={now} />
    </li>
  ))
}
