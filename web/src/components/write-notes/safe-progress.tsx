import { safeProgressText, type WriteState } from '@/lib/wallet'
import styles from './safe-progress.module.css'

/** Under a write's button while it waits in the player's Safe: whose signatures, or the execution, it needs. */
export function SafeProgressNote({ state }: { state: WriteState }) {
  if (state.status !== 'pending' || !state.safe) return null
  return (
    <p className={styles.note} role="status">
      <span className={styles.dot} aria-hidden="true" />
      {safeProgressText(state.safe)}
    </p>
  )
}
