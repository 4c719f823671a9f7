import styles from './sky-page.module.css'

/**
 * The streak's place while it is read, of the streak's own size. The streak comes with the wallet stack and two
 * reads, seconds after the traits and the downloads under it: without its place kept, they moved down as it came,
 * and a press begun on a button there could end on whatever took its place, and do nothing.
 */
export function StreakWaiting() {
  return (
    <div className={`${styles.streak} ${styles.streakWaiting}`} aria-hidden="true">
      <p className={styles.streakLine}>&nbsp;</p>
      <p className={styles.streakTonight}>&nbsp;</p>
    </div>
  )
}
