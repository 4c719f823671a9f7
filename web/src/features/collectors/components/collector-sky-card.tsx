import type { SkyJson } from '@chainellation/indexer/json'
import { SkyTile } from '@/components/sky-tile'
import { constellationName } from '@/lib/discovery/activity-words'
import type { SkyMetadata } from '@/lib/game/token-uri'

export type CollectorSkyCardProps = { sky: SkyJson; meta: SkyMetadata | undefined; failed: boolean }

/**
 * One of the collector's skies: its image and progress (its constellation once complete), linking to its page. Its
 * owner is the page's own collector, so the card does not name them again.
 */
export function CollectorSkyCard({ sky, meta, failed }: CollectorSkyCardProps) {
  const progress = sky.completed
    ? `${constellationName(sky.constellation) ?? 'Constellation'} complete`
    : `${sky.starsRevealed} of ${sky.starCount} stars`
  return <SkyTile id={BigInt(sky.id)} meta={meta} failed={failed} details={[progress]} />
}
