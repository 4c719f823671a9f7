import type { Reveal } from '../hooks/use-reveal'
import styles from './reveal-moment.module.css'

export type RevealMomentProps = { reveal: Reveal; total: number; constellation: string | undefined; current?: string }

/**
 * Over a card's image just after a gaze: the image from before fades out, so the new star appears in place; a
 * completed constellation (whose lines the chain now draws) is named in a burst of light. Still for a player who
 * asks for less motion (the CSS's `prefers-reduced-motion`).
 */
export function RevealMoment({ reveal, total, constellation, current }: RevealMomentProps) {
  return (
    <div className={reveal.complete ? `${styles.moment} ${styles.complete}` : styles.moment} aria-hidden="true">
      {reveal.before && reveal.before !== current && <img className={styles.before} src={reveal.before} alt="" />}
      <span className={styles.burst} />
      <span className={styles.label}>
        {reveal.complete ? (constellation ?? 'Complete!') : `★ ${reveal.stars} of ${total}`}
      </span>
    </div>
  )
}
