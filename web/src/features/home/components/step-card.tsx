import type { ReactNode } from 'react'
import { ButtonLink } from '@/components/button-link'
import { GameIcon, type GameIconName } from '@/components/game-icon'
import styles from './step-card.module.css'

export type StepCardProps = {
  step: number
  icon: GameIconName
  title: string
  to: string
  action: string
  children: ReactNode
}

/** One step of the game: what you do there and a link to go and do it. */
export function StepCard({ step, icon, title, to, action, children }: StepCardProps) {
  return (
    <li className={styles.card}>
      <div className={styles.top}>
        <span className={styles.icon}>
          <GameIcon name={icon} size={26} />
        </span>
        <span className={styles.step} aria-hidden="true">
          {String(step).padStart(2, '0')}
        </span>
      </div>
      <h3 className={styles.title}>{title}</h3>
      <p className={styles.text}>{children}</p>
      <ButtonLink to={to} variant="quiet" className={styles.action}>
        {action}
      </ButtonLink>
    </li>
  )
}
