import { and, asc, eq } from 'drizzle-orm'
import {
  type Hash,
  type Hex,
  keccak256,
  parseTransaction,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem'
import { estimateFeesPerGas, getTransactionCount, getTransactionReceipt } from 'viem/actions'
import { relayTransactions } from '../db/schema'
import { extend, release, settle } from './budgets'
import { broadcast, hashesOf, type Row, reservationOf, type SenderContext, signTransaction } from './sender-context'

// The relayer's keeping of what it sent (docs/decisions/sponsored-writes.md): each unsettled transaction is settled
// from its receipt, dropped when its nonce was taken without it, replaced at higher fees when stuck, and broadcast
// again when the node may have lost it. Every API process may keep; the database decides between them.

/** A replacement's fees must be at least a tenth over the last's for nodes to take it (geth's rule); an eighth is. */
const bump = (fee: bigint) => (fee * 9n) / 8n + 1n

const largest = (...values: bigint[]) =>
  values.reduce((a, b) => {
    if (b > a) return b
    return a
  })

/** Settles `row` from `receipt`, once: of several processes keeping, the one that changes its status settles. */
async function settleFrom({ db, now }: SenderContext, row: Row, receipt: TransactionReceipt) {
  const cost = receipt.gasUsed * receipt.effectiveGasPrice
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(relayTransactions)
      .set({
        status: receipt.status === 'success' ? 'mined' : 'reverted',
        hash: receipt.transactionHash,
        costWei: cost.toString(),
        settledAt: now(),
      })
      .where(and(eq(relayTransactions.id, row.id), eq(relayTransactions.status, 'sent')))
      .returning({ id: relayTransactions.id })
    if (changed) await settle(tx, reservationOf(row), cost)
  })
}

/** Marks `row` dropped (another transaction took its nonce) and gives its reservation back, once. */
async function drop({ db, now }: SenderContext, row: Row) {
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(relayTransactions)
      .set({ status: 'dropped', settledAt: now() })
      .where(and(eq(relayTransactions.id, row.id), eq(relayTransactions.status, 'sent')))
      .returning({ id: relayTransactions.id })
    if (changed) await release(tx, reservationOf(row))
  })
}

/**
 * Replaces a stuck `row` with the same call at the same nonce, at fees an eighth higher (or the node's estimate,
 * when higher); what the higher fees could cost more is added to its reservation, beyond the budgets if need be,
 * as the request is already out. Of several processes, the one that finds the row as it read it replaces it.
 */
async function replace(sender: SenderContext, row: Row) {
  const { db, client, now } = sender
  const estimate = await estimateFeesPerGas(client)
  const oldMax = BigInt(row.maxFeePerGas)
  const maxPriorityFeePerGas = largest(bump(BigInt(row.maxPriorityFeePerGas)), estimate.maxPriorityFeePerGas)
  const maxFeePerGas = largest(bump(oldMax), estimate.maxFeePerGas, maxPriorityFeePerGas)
  const gasLimit = BigInt(row.gasLimit)
  const { data = '0x' } = parseTransaction(row.raw as Hex)
  const raw = await signTransaction(sender, data, row.nonce, { gasLimit, maxFeePerGas, maxPriorityFeePerGas })
  const hash = keccak256(raw)
  const extra = gasLimit * (maxFeePerGas - oldMax)
  const replaced = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(relayTransactions)
      .set({
        raw,
        hash,
        hashes: [...hashesOf(row), hash],
        maxFeePerGas: maxFeePerGas.toString(),
        maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
        reservedWei: (BigInt(row.reservedWei) + extra).toString(),
        broadcastAt: now(),
      })
      .where(
        and(
          eq(relayTransactions.id, row.id),
          eq(relayTransactions.status, 'sent'),
          eq(relayTransactions.hash, row.hash),
        ),
      )
      .returning({ id: relayTransactions.id })
    if (changed) await extend(tx, reservationOf(row), extra)
    return Boolean(changed)
  })
  if (replaced) await broadcast(sender, raw, hash)
}

/** The receipt of whichever of `row`'s transactions was mined, if one was. */
async function receiptOf({ client }: SenderContext, row: Row): Promise<TransactionReceipt | undefined> {
  for (const hash of hashesOf(row).toReversed()) {
    try {
      return await getTransactionReceipt(client, { hash })
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError)) throw error
    }
  }
  return undefined
}

/**
 * One round of keeping every unsettled transaction of the relayer: settled from its receipt when mined; dropped
 * when its nonce was taken without it; replaced when stuck; broadcast again when the node may have lost it.
 */
export async function keep(sender: SenderContext) {
  const { db, client, account, now, unsettled, stuckAfterMs, rebroadcastAfterMs } = sender
  const rows = await db.select().from(relayTransactions).where(unsettled).orderBy(asc(relayTransactions.nonce))
  if (rows.length === 0) return
  // Read before the receipts: a transaction mined after this count is found by its receipt, not taken as dropped.
  const mined = await getTransactionCount(client, { address: account.address, blockTag: 'latest' })
  for (const row of rows) {
    const receipt = await receiptOf(sender, row)
    if (receipt) await settleFrom(sender, row, receipt)
    else if (row.nonce < mined) await drop(sender, row)
    else {
      const waited = now().getTime() - row.broadcastAt.getTime()
      if (waited >= stuckAfterMs) await replace(sender, row)
      else if (waited >= rebroadcastAfterMs) await broadcast(sender, row.raw as Hex, row.hash as Hash)
    }
  }
}
