import { Button } from '@/components/ui/button'
import { Note } from '@/components/ui/note'
import type { WriteState } from '@/lib/wallet'

export type WriteErrorNoteProps = {
  state: WriteState
  /** Sends the write the game's relayer refused again, from the wallet (the write machine's `payGas`). */
  onPayGas: () => void
  className?: string
}

/**
 * Under a write's button once it failed: what went wrong, in a sentence, and where the game's relayer refused to
 * pay the gas (docs/decisions/sponsored-writes.md), the way to pay it from the wallet instead.
 */
export function WriteErrorNote({ state, onPayGas, className }: WriteErrorNoteProps) {
  if (state.status !== 'error') return null
  return (
    <Note tone="error" role="alert" className={className}>
      {state.message}
      {state.payGas && (
        <>
          {' '}
          <Button variant="text" onClick={onPayGas}>
            Pay the gas yourself
          </Button>
        </>
      )}
    </Note>
  )
}
