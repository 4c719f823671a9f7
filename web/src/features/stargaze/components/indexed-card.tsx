import { formatUtcOffset } from '@chainellation/art'
import { SkyTile } from '@/components/sky-tile'
import { constellationName } from '@/lib/discovery/activity-words'
import { type SkyMetadata, traitOf } from '@/lib/game'
import type { IndexedSky } from '../api/discovery'

export type IndexedCardProps = {
  sky: IndexedSky
  meta: SkyMetadata | undefined
  failed: boolean
  /** Its streak stands (the index's "longest streak now" lists only those): say its run. */
  streak?: boolean
}

/**
 * A sky as the gallery's index knows it: its progress, time zone and owner at once, the chain-drawn image (and
 * whether it is night there, which the image shows) once read. The constellation stays secret until completed.
 */
export function IndexedCard({ sky, meta, failed, streak = false }: IndexedCardProps) {
  const time = meta && traitOf(meta, 'Time')
  const constellation = constellationName(sky.constellation) ?? 'Secret'
  return (
    <SkyTile
      id={BigInt(sky.id)}
      meta={meta}
      failed={failed}
      details={[
        `${sky.starsRevealed} of ${sky.starCount} stars · ${constellation}`,
        `${formatUtcOffset(sky.tzOffset)}${time ? ` · ${time === 'Night' ? 'Night' : 'Day'} there` : ''}`,
        ...(streak ? [`Streak: ${sky.streak.run} ${sky.streak.run === 1 ? 'night' : 'nights'} in a row`] : []),
      ]}
      owner={sky.owner}
    />
  )
}
