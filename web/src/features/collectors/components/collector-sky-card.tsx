import type { SkyJson } from '@chainellation/indexer/json'
import { SkyThumb } from '@/components/sky-thumb'
import { CardLink } from '@/components/ui/card-link'
import { constellationName } from '@/lib/discovery/activity-words'
import type { SkyMetadata } from '@/lib/game/token-uri'
import styles from './collector-page.module.css'

export type CollectorSkyCardProps = { sky: SkyJson; meta: SkyMetadata | undefined; failed: boolean }

/** One of the collector's skies: its image and progress (its constellation once complete), linking to its page. */
export function CollectorSkyCard({ sky, meta, failed }: CollectorSkyCardProps) {
  const id = BigInt(sky.id)
  const progress = sky.completed
    ? `${constellationName(sky.constellation) ?? 'Constellation'} complete`
    : `${sky.starsRevealed} of ${sky.starCount} stars`
  return (
    <article className={styles.card} aria-label={`Night sky #${sky.id}`}>
      <CardLink to={`/sky/${sky.id}`} className={styles.cardLink}>
        <SkyThumb id={id} meta={meta} failed={failed} />
        <span className={styles.cardBody}>
          <span className={styles.cardTitle}>Night sky #{sky.id}</span>
          <span className={styles.cardMeta}>{progress}</span>
        </span>
      </CardLink>
    </article>
  )
}
