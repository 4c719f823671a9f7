import type { Hash, TransactionReceipt } from 'viem'
import type { SafeProgress } from '../utils/safe-app'

/** Where a write is: the button's label follows it. */
export type WriteState =
  | { status: 'idle' }
  | { status: 'confirming' }
  /** `hash` is the chain transaction's, or while `safe` is set, the Safe transaction's (not yet on chain). */
  | { status: 'pending'; hash: Hash; safe?: SafeProgress }
  | { status: 'success'; hash: Hash; receipt: TransactionReceipt }
  /**
   * `payGas`: the game would not pay this write's gas (its relayer refused it, and `message` says why); `payGas()`
   * sends it again from the wallet, which pays.
   */
  | { status: 'error'; message: string; hash?: Hash; payGas?: boolean }

export const IDLE: WriteState = { status: 'idle' }

/** Where one write is, for a notification: every state it passes through, and its line once known. */
export type WriteUpdate = {
  /** The same for every update of one write (unique in the page). */
  key: string
  /** The chain it is sent on. */
  chainId: number
  description?: string
  state: WriteState
}

/** A transaction for the wallet's list of recent transactions (RainbowKit's `useAddRecentTransaction` argument). */
export type RecentTransaction = { hash: Hash; description: string }
