import styles from './spinner.module.css'

export type SpinnerProps = { size?: 'sm' | 'md' }

/** A busy indicator; hidden from screen readers, so the words beside it (or a `role="status"`) say what is on its way. */
export function Spinner({ size = 'md' }: SpinnerProps) {
  return <span className={`${styles.spinner} ${styles[size]}`} aria-hidden="true" />
}
