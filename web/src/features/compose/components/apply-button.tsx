import { Button } from '@/components/ui/button'
import { GasNote, SafeProgressNote, WriteErrorNote } from '@/components/write-notes'
import type { WriteState } from '@/lib/wallet'
import styles from './apply-button.module.css'

export type ApplyButtonProps = {
  changes: number
  state: WriteState
  onApply: () => void
  onReset: () => void
  /** Sends the change the game's relayer would not pay for again, from the wallet. */
  onPayGas: () => void
  /**
   * The night's gaze in the same transaction, offered where the wallet sends batches atomically (EIP-5792) and the
   * sky can be gazed at now; `chosen` adds it to the apply.
   */
  gaze?: { chosen: boolean; onChange: (chosen: boolean) => void }
}

/** Apply the changed layers in one transaction, or put the layers back as the chain has them. */
export function ApplyButton({ changes, state, onApply, onReset, onPayGas, gaze }: ApplyButtonProps) {
  const busy = state.status === 'confirming' || state.status === 'pending'
  const withGaze = !!gaze?.chosen && changes > 0
  const label =
    state.status === 'confirming'
      ? 'Confirm in your wallet…'
      : state.status === 'pending'
        ? state.safe
          ? 'Waiting for your Safe…'
          : 'Applying…'
        : changes === 0
          ? state.status === 'success'
            ? 'Applied'
            : 'Nothing to apply'
          : `Apply ${changes} ${changes === 1 ? 'change' : 'changes'}${withGaze ? ' and gaze' : ''}`
  return (
    <div className={styles.apply}>
      {gaze && changes > 0 && (
        <label className={styles.gaze}>
          <input
            type="checkbox"
            checked={gaze.chosen}
            disabled={busy}
            onChange={(event) => gaze.onChange(event.target.checked)}
          />
          <span>
            Gaze tonight too
            <small>One transaction, approved once in your wallet</small>
          </span>
        </label>
      )}
      <Button size="lg" className={styles.wide} disabled={changes === 0 || busy} aria-busy={busy} onClick={onApply}>
        {label}
      </Button>
      {changes > 0 && !busy && (
        <Button variant="text" onClick={onReset}>
          Put back as on chain
        </Button>
      )}
      <SafeProgressNote state={state} />
      <div className={styles.wide}>
        <GasNote />
      </div>
      <WriteErrorNote state={state} onPayGas={onPayGas} className={styles.wide} />
    </div>
  )
}
