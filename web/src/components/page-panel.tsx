import type { ReactNode } from 'react'
import styles from './page-panel.module.css'
import { Panel } from './ui/panel'

export type PagePanelProps = {
  title: string
  /** Shown above the title: an icon or a small label. */
  badge?: ReactNode
  children: ReactNode
  /** The way on, under the text: a link that looks like a button. */
  action?: ReactNode
}

/** A page whose content is one centred card: the page's heading, a few sentences and a way on. */
export function PagePanel({ title, badge, children, action }: PagePanelProps) {
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <Panel padding="lg" className={styles.card}>
        {badge}
        <h1 id="page-title" className={styles.title}>
          {title}
        </h1>
        <div className={styles.body}>
          {children}
          {action && <p className={styles.action}>{action}</p>}
        </div>
      </Panel>
    </section>
  )
}
