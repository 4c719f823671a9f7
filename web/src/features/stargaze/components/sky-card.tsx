import type { Sky } from '@chainellation/art'
import { constellations } from '@chainellation/contracts/catalogue'
import type { Streak } from '@chainellation/contracts/nights'
import type { ReactNode, Ref } from 'react'
import { SkyThumb } from '@/components/sky-thumb'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { formatLocalTime, isNightAt, nextGazeAt, revealedOf, type SkyMetadata, starCountOf } from '@/lib/game'
import { useReveal } from '../hooks/use-reveal'
import { cardStreak, nextGazeWords, revealWords } from '../utils/card-words'
import { skyCardId } from '../utils/gaze-target'
import { RevealMoment } from './reveal-moment'
import styles from './sky-card.module.css'

export type SkyCardProps = {
  id: bigint
  sky: Sky
  /** The chain's clock, once read. */
  now: number | undefined
  meta: SkyMetadata | undefined
  imageFailed: boolean
  /** A gaze at this sky is on its way. */
  busy: boolean
  /** Another write is on its way, so this card waits. */
  locked: boolean
  onGaze: () => void
  onOpen: () => void
  cardRef?: Ref<HTMLElement>
  /** Its streak as the index counted it, which may not have seen the chain's last gaze yet. */
  streak?: Streak
  /** The sky a reminder's link named (`?gaze=`): the card stands out. */
  targeted?: boolean
  /** Below the rest: its reminder. */
  footer?: ReactNode
}

/** One of your skies: its image, its time there, its progress, and the Gaze button when the contract would accept it. */
export function SkyCard(props: SkyCardProps) {
  const { id, sky, now, meta, imageFailed, busy, locked, onGaze, onOpen, cardRef, streak, targeted, footer } = props
  const next = now === undefined ? undefined : nextGazeAt(sky, now)
  const ready = now !== undefined && next !== undefined && next <= now
  const night = now !== undefined && isNightAt(now, sky.tzOffset)
  const [revealed, total] = [revealedOf(sky), starCountOf(sky)]
  const complete = revealed >= total
  const constellation = complete ? constellations[sky.constellation - 1]?.name : undefined
  const reveal = useReveal(revealed, total, meta?.image)
  const streakNow = cardStreak(sky, streak, now, complete)
  return (
    <Card
      id={skyCardId(id)}
      className={[styles.card, targeted && styles.targeted].filter(Boolean).join(' ')}
      aria-label={`Night sky #${id}`}
      ref={cardRef}
    >
      <div className={styles.media}>
        <SkyThumb id={id} meta={meta} failed={imageFailed} onOpen={onOpen} />
        {reveal && <RevealMoment reveal={reveal} total={total} constellation={constellation} current={meta?.image} />}
      </div>
      <div className={styles.body}>
        <div className={styles.head}>
          <h3 className={styles.title}>Night sky #{id.toString()}</h3>
          {now !== undefined && (
            <span className={night ? styles.night : styles.day}>
              {night ? 'Night' : 'Day'} · {formatLocalTime(now, sky.tzOffset)}
            </span>
          )}
        </div>
        <dl className={styles.stats}>
          <div>
            <dt>Gazes</dt>
            <dd>{sky.gazes}</dd>
          </div>
          <div>
            <dt>Stars</dt>
            <dd>
              {revealed} / {total}
            </dd>
          </div>
        </dl>
        {reveal && (
          <p className={styles.reveal} role="status">
            {revealWords(reveal.complete, revealed, total, constellation)}
          </p>
        )}
        <p className={styles.next} aria-live="polite">
          {nextGazeWords(now, next, complete ? `Complete${constellation ? `: ${constellation}` : ''}` : undefined)}
        </p>
        {streakNow && (
          <p className={styles.streak}>
            <span className={styles.streakLine}>{streakNow.line}</span>
            {streakNow.tonight && <span>{streakNow.tonight}</span>}
          </p>
        )}
        <div className={styles.actions}>
          {!complete && (
            <Button size="sm" disabled={!ready || busy || locked} aria-busy={busy} onClick={onGaze} data-gaze>
              {busy ? 'Gazing…' : 'Gaze'}
            </Button>
          )}
          {footer && <div className={styles.footer}>{footer}</div>}
        </div>
      </div>
    </Card>
  )
}
