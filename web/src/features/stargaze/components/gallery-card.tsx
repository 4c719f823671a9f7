import { SkyThumb } from '@/components/sky-thumb'
import { CardLink } from '@/components/ui/card-link'
import { type SkyMetadata, traitOf } from '@/lib/game'
import styles from './gallery-card.module.css'

export type GalleryCardProps = { id: bigint; meta: SkyMetadata | undefined; failed: boolean }

/** Anyone's sky in the gallery: its image and progress, linking to its own page. */
export function GalleryCard({ id, meta, failed }: GalleryCardProps) {
  const time = meta && traitOf(meta, 'Time')
  return (
    <article className={styles.card} aria-label={`Night sky #${id}`}>
      <CardLink to={`/sky/${id}`} className={styles.link}>
        <SkyThumb id={id} meta={meta} failed={failed} />
        <span className={styles.body}>
          <span className={styles.title}>Night sky #{id.toString()}</span>
          {meta && (
            <span className={styles.meta}>
              {String(traitOf(meta, 'Stars revealed'))} stars · {time === 'Night' ? 'Night' : 'Day'} ·{' '}
              {String(traitOf(meta, 'Time zone'))}
            </span>
          )}
        </span>
      </CardLink>
    </article>
  )
}
