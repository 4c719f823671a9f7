import { SkyTile } from '@/components/sky-tile'
import { type SkyMetadata, traitOf } from '@/lib/game'

export type GalleryCardProps = { id: bigint; meta: SkyMetadata | undefined; failed: boolean }

/**
 * Anyone's sky as the chain alone tells it, while the gallery's index is silent: its image and progress once read,
 * linking to its own page. No owner: the chain would take one more read a sky to tell it, and the collector's page it
 * would link to reads the same silent index.
 */
export function GalleryCard({ id, meta, failed }: GalleryCardProps) {
  const time = meta && traitOf(meta, 'Time')
  const details = meta
    ? [
        `${String(traitOf(meta, 'Stars revealed'))} stars · ${time === 'Night' ? 'Night' : 'Day'} · ${String(traitOf(meta, 'Time zone'))}`,
      ]
    : []
  return <SkyTile id={id} meta={meta} failed={failed} details={details} />
}
