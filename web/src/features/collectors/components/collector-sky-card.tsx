import { streakWords } from '@chainellation/contracts/streak-words'
import type { SkyJson } from '@chainellation/indexer/json'
import { SkyTile } from '@/components/sky-tile'
import { constellationName } from '@/lib/discovery/activity-words'
import type { SkyMetadata } from '@/lib/game/token-uri'

export type CollectorSkyCardProps = {
  sky: SkyJson
  meta: SkyMetadata | undefined
  failed: boolean
  /** The chain's clock, by which its streak stands or has ended; unknown yet, the streak is left out. */
  now: number | undefined
}

/**
 * One of the collector's skies: its image and progress (its constellation once complete), linking to its page. Its
 * owner is the page's own collector, so the card does not name them again.
 */
export function CollectorSkyCard({ sky, meta, failed, now }: CollectorSkyCardProps) {
  const progress = sky.completed
    ? `${constellationName(sky.constellation) ?? 'Constellation'} complete`
    : `${sky.starsRevealed} of ${sky.starCount} stars`
  const streak =
    now === undefined ? undefined : streakWords(sky.streak, { now, tzOffset: sky.tzOffset, completed: sky.completed })
  return (
    <SkyTile id={BigInt(sky.id)} meta={meta} failed={failed} details={streak ? [progress, streak.line] : [progress]} />
  )
}
