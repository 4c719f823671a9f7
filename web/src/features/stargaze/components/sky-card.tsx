import type { Sky } from '@chainellation/art'
import { constellations } from '@chainellation/contracts/catalogue'
import { afterGaze, type Streak } from '@chainellation/contracts/nights'
import { streakWords } from '@chainellation/contracts/streak-words'
import type { Ref } from 'react'
import { SkyThumb } from '@/components/sky-thumb'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import {
  formatCountdown,
  formatLocalTime,
  isNightAt,
  nextGazeAt,
  revealedOf,
  type SkyMetadata,
  starCountOf,
} from '@/lib/game'
import { useReveal } from '../hooks/use-reveal'
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
}

/** One of your skies: its image, its time there, its progress, and the Gaze button when the contract would accept it. */
export function SkyCard({
  id,
  sky,
  now,
  meta,
  imageFailed,
  busy,
  locked,
  onGaze,
  onOpen,
  cardRef,
  streak,
}: SkyCardProps) {
  const next = now === undefined ? undefined : nextGazeAt(sky, now)
  const ready = now !== undefined && next !== undefined && next <= now
  const night = now !== undefined && isNightAt(now, sky.tzOffset)
  const [revealed, total] = [revealedOf(sky), starCountOf(sky)]
  const complete = revealed >= total
  const constellation = complete ? constellations[sky.constellation - 1]?.name : undefined
  const reveal = useReveal(revealed, total, meta?.image)
  // The chain's last gaze counts at once, before the index has caught up with it.
  const streakNow =
    streak && now !== undefined
      ? streakWords(sky.lastGaze ? afterGaze(streak, sky.lastGaze, sky.tzOffset) : streak, {
          now,
          tzOffset: sky.tzOffset,
          completed: complete,
        })
      : undefined
  return (
    <Card className={styles.card} aria-label={`Night sky #${id}`} ref={cardRef}>
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
            {reveal.complete
              ? `Every star revealed: ${constellation ?? 'the constellation'} is complete!`
              : `A new star! ${revealed} of ${total} revealed.`}
          </p>
        )}
        <p className={styles.next} aria-live="polite">
          {complete
            ? `Complete${constellation ? `: ${constellation}` : ''}`
            : now === undefined || next === undefined
              ? 'Reading the chain’s clock…'
              : ready
                ? 'Ready to gaze'
                : `Next gaze in ${formatCountdown(next - now)}`}
        </p>
        {streakNow && (
          <p className={styles.streak}>
            <span className={styles.streakLine}>{streakNow.line}</span>
            {streakNow.tonight && <span>{streakNow.tonight}</span>}
          </p>
        )}
        {!complete && (
          <Button size="sm" disabled={!ready || busy || locked} aria-busy={busy} onClick={onGaze}>
            {busy ? 'Gazing…' : 'Gaze'}
          </Button>
        )}
      </div>
    </Card>
  )
}
