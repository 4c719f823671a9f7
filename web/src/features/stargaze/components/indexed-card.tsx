import { formatUtcOffset } from '@chainellation/art'
import { constellations } from '@chainellation/contracts/catalogue'
import { SkyThumb } from '@/components/sky-thumb'
import { CardLink } from '@/components/ui/card-link'
import { type SkyMetadata, traitOf } from '@/lib/game'
import type { IndexedSky } from '../api/discovery'
import styles from './gallery-card.module.css'

export type IndexedCardProps = { sky: IndexedSky; meta: SkyMetadata | undefined; failed: boolean }

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/**
 * A sky as the gallery's index knows it: its progress, time zone and owner at once, the chain-drawn image (and
 * whether it is night there, which the image shows) once read. The constellation stays secret until completed.
 */
export function IndexedCard({ sky, meta, failed }: IndexedCardProps) {
  const id = BigInt(sky.id)
  const time = meta && traitOf(meta, 'Time')
  const constellation = sky.constellation === null ? 'Secret' : constellations[sky.constellation - 1]?.name
  return (
    <article className={styles.card} aria-label={`Night sky #${sky.id}`}>
      <CardLink to={`/sky/${sky.id}`} className={styles.link}>
        <SkyThumb id={id} meta={meta} failed={failed} />
        <span className={styles.body}>
          <span className={styles.title}>Night sky #{sky.id}</span>
          <span className={styles.meta}>
            {sky.starsRevealed} of {sky.starCount} stars · {constellation}
          </span>
          <span className={styles.meta}>
            {formatUtcOffset(sky.tzOffset)}
            {time ? ` · ${time === 'Night' ? 'Night' : 'Day'} there` : ''} · owner {shortAddress(sky.owner)}
          </span>
        </span>
      </CardLink>
    </article>
  )
}
