import type { ReactNode } from 'react'
import styles from './coming-soon.module.css'
import { GameIcon, type GameIconName } from './game-icon'
import { PagePanel } from './page-panel'

export type ComingSoonProps = { icon: GameIconName; title: string; children: ReactNode }

/** The body of a game area that is not playable yet: what it will do, and nothing pretend. */
export function ComingSoon({ icon, title, children }: ComingSoonProps) {
  return (
    <PagePanel
      title={title}
      badge={
        <span className={styles.icon}>
          <GameIcon name={icon} size={34} />
        </span>
      }
    >
      {children}
      <p className={styles.status}>
        <span className={styles.dot} aria-hidden="true" />
        Coming soon
      </p>
    </PagePanel>
  )
}
