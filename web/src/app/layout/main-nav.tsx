import { NavLink } from 'react-router'
import styles from './main-nav.module.css'
import { gameAreas } from './nav-items'

/** The header's list of the three game areas, shown on wide screens. */
export function MainNav() {
  return (
    <nav aria-label="Main" className={styles.nav}>
      <ul className={styles.list}>
        {gameAreas.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={styles.link}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
