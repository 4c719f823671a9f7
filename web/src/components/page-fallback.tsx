import styles from './page-fallback.module.css'

/** Holds the page's place while its code loads: a quiet pulse, announced once to screen readers. */
export function PageFallback() {
  return (
    <div className={styles.fallback} role="status">
      <span className={styles.star} aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  )
}
