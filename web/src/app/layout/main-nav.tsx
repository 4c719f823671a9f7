import { GameAreaItems } from './game-area-items'
import styles from './main-nav.module.css'

/** The header's list of the three game areas, shown on wide screens. */
export function MainNav() {
  return (
    <nav aria-label="Main" className={styles.nav}>
      <ul className={styles.list}>
        <GameAreaItems linkClassName={styles.link} />
      </ul>
    </nav>
  )
}
