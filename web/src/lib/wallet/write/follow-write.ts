import type { Hash, TransactionReceipt } from 'viem'
import { getClient, waitForCallsStatus } from 'wagmi/actions'
import { errorMessage, outcomeSentences } from '../utils/error-message'
import { trackSafeTransaction } from '../utils/safe-app'
import { type PendingWrite, savePending } from './pending-write'
import { type TransactionOutcome, watchTransaction } from './transaction-outcome'
import type { Owner, WriteContext } from './write-context'
import type { WriteState } from './write-state'

/**
 * How long a batch's status is asked for before the page gives up on it: a smart wallet's bundler usually lands one
 * within a block or two; a Safe's batch is followed through Safe{Wallet} instead, however long its owners take.
 */
const BATCH_WAIT_MS = 120_000

/**
 * The transaction a wallet put a batch of calls on chain with, by the batch's status (EIP-5792
 * `wallet_getCallsStatus`), asked until it is final. A batch the wallet gave up on before the chain has none.
 */
async function batchTransaction(ctx: WriteContext, owner: Owner, id: string): Promise<Hash> {
  const { status, receipts } = await waitForCallsStatus(ctx.config, { id, timeout: BATCH_WAIT_MS })
  const last = receipts?.at(-1)
  // Reverted on chain, the transaction is followed too, and its revert said in the usual words.
  if (last) return last.transactionHash
  if (!ctx.isCurrent(owner)) throw new Error('The wallet moved on before the batch was on chain.')
  throw new Error(
    status === 'failure'
      ? 'Your wallet could not put these changes on chain. Nothing was changed.'
      : 'Your wallet did not say where these changes went. Check its activity before you try again.',
  )
}

/**
 * The chain transaction a write the wallet did not send itself became: a batch's once the wallet has put it on chain
 * (EIP-5792), a Safe transaction's once the Safe has executed it. Files it in the recent transactions once there.
 */
async function chainTransaction(
  ctx: WriteContext,
  owner: Owner,
  pending: PendingWrite,
  set: (state: WriteState) => void,
): Promise<Hash> {
  let hash: Hash
  if (pending.calls !== undefined) {
    // The wallet puts the batch on chain; its status names the transaction once it is there (EIP-5792).
    set({ status: 'confirming' })
    hash = await batchTransaction(ctx, owner, pending.calls)
  } else {
    const safeTxHash = pending.hash
    set({ status: 'pending', hash: safeTxHash })
    if (!ctx.safeSdk) throw new Error('The app cannot follow a Safe transaction here.')
    hash = await trackSafeTransaction(await ctx.safeSdk(), safeTxHash, {
      onProgress: (safe) => set({ status: 'pending', hash: safeTxHash, safe }),
    })
  }
  // A Safe transaction's hash is not a chain transaction's, nor is a batch's id: each joins the list once on chain.
  if (pending.description && ctx.isCurrent(owner)) ctx.record({ hash, description: pending.description })
  return hash
}

/** Shows how a followed write ended; resolves with the receipt when it succeeded. */
function settle(
  ctx: WriteContext,
  owner: Owner,
  id: number,
  pending: PendingWrite,
  hash: Hash,
  outcome: TransactionOutcome,
): TransactionReceipt | undefined {
  const set = (state: WriteState) => ctx.update(owner, id, state, pending.description)
  switch (outcome.kind) {
    case 'mined': {
      const minedHash = outcome.receipt.transactionHash
      const written = pending.description
      const description = written && (ctx.describeMined?.(outcome.receipt, written) ?? written)
      // Sped up in the wallet, the replacement is the transaction that did the work; a record naming what did
      // not happen is filed again (by its hash) under the words that did.
      if (description && ctx.isCurrent(owner) && (outcome.sped || description !== written))
        ctx.record({ hash: minedHash, description })
      ctx.update(owner, id, { status: 'success', hash: minedHash, receipt: outcome.receipt }, description)
      return outcome.receipt
    }
    case 'reverted':
      set({ status: 'error', hash, message: [outcomeSentences.reverted, outcome.reason].filter(Boolean).join(' ') })
      return undefined
    default:
      set({ status: 'error', hash, message: outcomeSentences[outcome.kind] })
      return undefined
  }
}

/** Follows a sent write to its outcome; resolves with the receipt when it succeeded. */
export async function follow(
  ctx: WriteContext,
  owner: Owner,
  id: number,
  pending: PendingWrite,
): Promise<TransactionReceipt | undefined> {
  const set = (state: WriteState) => ctx.update(owner, id, state, pending.description)
  const key = ctx.storageKey(owner)
  if (key) ctx.following.add(key)
  // One transaction (neither a batch nor a Safe's) is followed by its hash at once: its state shows before any wait.
  const direct = !pending.safe && pending.calls === undefined
  let hash: Hash | undefined = pending.hash
  try {
    if (!direct) hash = await chainTransaction(ctx, owner, pending, set)
    if (!hash) throw new Error('The app has no transaction to follow for this write.')
    set({ status: 'pending', hash })
    // The bare client: watchTransaction imports the viem actions it uses, where a public client would bring every
    // public action (~26 KB gzip) into the page's wallet code.
    const client = getClient(ctx.config, { chainId: owner.chainId })
    if (!client) throw new Error('The app does not know the chain this transaction was sent on.')
    const outcome = await watchTransaction(client, {
      hash,
      sent: direct ? pending.sent : undefined,
      onSeen: (sent) => {
        if (key && direct) savePending(ctx.storage(), key, { ...pending, sent })
      },
    })
    if (outcome.kind !== 'dropped') await ctx.refresh()
    return settle(ctx, owner, id, pending, hash, outcome)
  } catch (error) {
    set({ status: 'error', message: errorMessage(error), hash })
    return undefined
  } finally {
    if (key) {
      ctx.storage().removeItem(key)
      ctx.following.delete(key)
    }
  }
}
