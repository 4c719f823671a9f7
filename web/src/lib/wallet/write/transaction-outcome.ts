import {
  type Address,
  type Client,
  type Hash,
  type Hex,
  type ReplacementReturnType,
  type Transaction,
  TransactionNotFoundError,
  type TransactionReceipt,
} from 'viem'
import { call, getTransaction, waitForTransactionReceipt } from 'viem/actions'
import { revertSentence } from '../utils/error-message'

/**
 * How long the node may not know a transaction before it counts as dropped. A transaction waiting in the
 * mempool, however long, is known; one the node has never seen or has forgotten for this long will not be mined.
 */
export const DROPPED_AFTER_MS = 30_000

/** What identifies a sent transaction besides its hash: its nonce slot, and what a speed-up keeps the same. */
export type SentTransaction = { from: Address; nonce: number; to?: Address | null; value?: bigint; input?: Hex }

/** How a sent transaction ended. */
export type TransactionOutcome =
  /** Mined and successful; `receipt` is the replacement's when the wallet sped it up. */
  | { kind: 'mined'; receipt: TransactionReceipt; sped?: true }
  /** Mined and reverted; `reason` is our sentence for the contract's error when it can be found. */
  | { kind: 'reverted'; receipt: TransactionReceipt; reason?: string }
  /** The wallet cancelled it: a transaction to itself took its nonce. */
  | { kind: 'cancelled'; receipt: TransactionReceipt }
  /** Another transaction from the same account took its nonce. */
  | { kind: 'replaced'; receipt: TransactionReceipt }
  /** The node has not known it for `droppedAfterMs`: it will not be mined. */
  | { kind: 'dropped' }

export type WatchOptions = {
  hash: Hash
  /** When known (e.g. kept from before a reload), lets a replacement mined earlier be found in the nonce slot. */
  sent?: SentTransaction
  /** Called once, when the node first shows the transaction. */
  onSeen?: (sent: SentTransaction) => void
  droppedAfterMs?: number
  pollingInterval?: number
  signal?: AbortSignal
}

const sentOf = (tx: Transaction): SentTransaction => ({
  from: tx.from,
  nonce: tx.nonce,
  to: tx.to,
  value: tx.value,
  input: tx.input,
})

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true })
  })

/**
 * Follows a sent transaction to its end, in bounded time once it leaves the network: viem waits for the receipt
 * and recognises a replacement (sped up, cancelled or replaced in the wallet); alongside, the transaction is
 * looked up on every poll, and one the node has not known for `droppedAfterMs` is given up as dropped.
 */
export async function watchTransaction(client: Client, options: WatchOptions): Promise<TransactionOutcome> {
  const { hash, sent, onSeen, droppedAfterMs = DROPPED_AFTER_MS, signal } = options
  const pollingInterval = options.pollingInterval ?? client.pollingInterval
  const stop = new AbortController()
  const abort = () => stop.abort(signal?.reason)
  signal?.addEventListener('abort', abort, { once: true })

  let replacement: ReplacementReturnType | undefined
  // What the node showed of the transaction: with it, a wait (re)started after the transaction left its nonce slot
  // still finds what took the slot.
  let known = sent
  const see = (tx: Transaction) => {
    if (known) return
    known = sentOf(tx)
    onSeen?.(known)
  }
  /** The transaction as the node knows it: `null` if it answered that it does not, `undefined` if it did not answer. */
  const lookUp = () =>
    getTransaction(client, { hash }).then(
      (tx) => {
        see(tx)
        return tx
      },
      (error: unknown) => (error instanceof TransactionNotFoundError ? null : undefined),
    )

  // A failed question to the node (it is down, or refuses for a while) is asked again: the transaction goes on.
  const mined = (async () => {
    for (;;) {
      try {
        if (!known) await lookUp()
        const receipt = await waitForTransactionReceipt(client, {
          hash,
          replacement: known,
          onReplaced: (r) => {
            replacement = r
          },
          pollingInterval,
          signal: stop.signal,
          // The watch below bounds the wait; a transaction still in the mempool is worth waiting for.
          timeout: 0,
        })
        return { receipt }
      } catch (error) {
        if (stop.signal.aborted) throw error
        await sleep(pollingInterval, stop.signal)
      }
    }
  })()

  const dropped = (async () => {
    let missingSince: number | undefined
    while (!stop.signal.aborted) {
      const tx = await lookUp()
      if (tx) {
        missingSince = undefined
      } else if (tx === null) {
        missingSince ??= Date.now()
        if (Date.now() - missingSince >= droppedAfterMs) return { dropped: true as const }
      }
      await sleep(pollingInterval, stop.signal)
    }
    return new Promise<never>(() => {})
  })()

  try {
    const first = await Promise.race([mined, dropped])
    if ('dropped' in first) return { kind: 'dropped' }
    const { receipt } = first
    if (replacement?.reason === 'cancelled') return { kind: 'cancelled', receipt }
    if (replacement?.reason === 'replaced') return { kind: 'replaced', receipt }
    const sped = replacement?.reason === 'repriced' ? { sped: true as const } : {}
    if (receipt.status === 'success') return { kind: 'mined', receipt, ...sped }
    return { kind: 'reverted', receipt, reason: await revertReason(client, receipt) }
  } finally {
    stop.abort()
    signal?.removeEventListener('abort', abort)
    // The loser of the race ends on the abort; nobody waits for it.
    mined.catch(() => {})
  }
}

/**
 * Why a mined transaction reverted: the call replayed on the state its block left, which is the state that made it
 * fail (e.g. a price raised in the same block). Our sentence for a game error, else nothing.
 */
async function revertReason(client: Client, receipt: TransactionReceipt): Promise<string | undefined> {
  try {
    const tx = await getTransaction(client, { hash: receipt.transactionHash })
    await call(client, {
      account: tx.from,
      to: tx.to,
      data: tx.input,
      value: tx.value,
      gas: tx.gas,
      blockNumber: receipt.blockNumber,
    })
    return undefined
  } catch (error) {
    return revertSentence(error)
  }
}
