import { Link } from 'react-router'
import styles from './tab-links.module.css'

export type TabLink = { to: string; label: string; current: boolean }

export type TabLinksProps = {
  /** What the tabs choose between, as a screen reader announces the group ("Skies", "Rank by"). */
  label: string
  tabs: readonly TabLink[]
  className?: string
}

/**
 * Views of one page as links in a pill, the current one lit: each view is its own address (a path or a query), so
 * the back button and a shared link keep it. The current one is marked `aria-current="page"`.
 */
export function TabLinks({ label, tabs, className }: TabLinksProps) {
  return (
    <nav className={[styles.tabs, className].filter(Boolean).join(' ')} aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} className={styles.tab} aria-current={tab.current ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  )
}
