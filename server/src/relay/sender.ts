import { chainellationForwarderAbi } from '@chainellation/contracts'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import {
  type Address,
  type Client,
  encodeFunctionData,
  type Hash,
  type Hex,
  keccak256,
  type LocalAccount,
  parseTransaction,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  type Transport,
} from 'viem'
import { estimateFeesPerGas, getTransactionCount, getTransactionReceipt, sendRawTransaction } from 'viem/actions'
import type { Database } from '../db'
import { relayTransactions } from '../db/schema'
import { extend, type Reservation, release, settle } from './budgets'
import type { RelayRequest } from './policy'
import type { Prepared } from './prepare'

// The relayer's sending (docs/decisions/sponsored-writes.md): each request becomes one transaction from the relayer's
// key, signed and recorded in the database before it is broadcast, so that whichever API process holds it, it is
// broadcast again until the node knows it, replaced at higher fees when it is stuck, and settled from its receipt,
// and never sent twice. Every API process may send and keep; the database decides between them.

type Row = typeof relayTransactions.$inferSelect

/** A request's transaction, as the page follows it. */
export type Sent = { id: number; hash: Hash; status: Row['status'] }

export type SenderOptions = {
  db: Database
  /** The node the relayer sends through and reads receipts from. */
  client: Client<Transport>
  /** The account that pays: its key signs every transaction here and is never written anywhere. */
  account: LocalAccount
  chainId: number
  forwarder: Address
  now?: () => Date
  /** How long a transaction may stay unmined before it is replaced at higher fees. */
  stuckAfterMs?: number
  /** How long after its broadcast a transaction not yet mined is broadcast again, should the node have lost it. */
  rebroadcastAfterMs?: number
  /** Told of a broadcast that failed (it is tried again); never given the key. */
  onBroadcastError?: (error: unknown, hash: Hash) => void
}

/** A replacement's fees must be at least a tenth over the last's for nodes to take it (geth's rule); an eighth is. */
const bump = (fee: bigint) => (fee * 9n) / 8n + 1n

const largest = (...values: bigint[]) =>
  values.reduce((a, b) => {
    if (b > a) return b
    return a
  })

const hashesOf = (row: Row) => row.hashes as Hash[]

const reservationOf = (row: Row): Reservation => ({
  ...(row.reservation as Omit<Reservation, 'wei'>),
  wei: BigInt(row.reservedWei),
})

/** Whether a node's refusal of a raw transaction says it has it already, or already mined it. */
const alreadyKnown = (error: unknown) =>
  /already known|known transaction|already imported|nonce too low|transaction already exists/i.test(
    error instanceof Error ? `${error.message} ${String((error as { details?: unknown }).details ?? '')}` : '',
  )

export function createRelaySender(options: SenderOptions) {
  const {
    db,
    client,
    account,
    chainId,
    forwarder,
    now = () => new Date(),
    stuckAfterMs = 45_000,
    rebroadcastAfterMs = 4_000,
    onBroadcastError = () => {},
  } = options
  const relayer = account.address.toLowerCase()
  const mine = and(eq(relayTransactions.chainId, chainId), eq(relayTransactions.relayer, relayer))
  const unsettled = and(mine, eq(relayTransactions.status, 'sent'))

  /** Signs the relayer's transaction to the forwarder with `data` (its `execute` of a request), `nonce` and fees. */
  const sign = (
    data: Hex,
    nonce: number,
    fees: { gasLimit: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ) =>
    account.signTransaction?.({
      chainId,
      type: 'eip1559',
      to: forwarder,
      data,
      value: 0n,
      nonce,
      gas: fees.gasLimit,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    }) ?? Promise.reject(new Error('The relayer’s account cannot sign transactions.'))

  /** Broadcasts `raw`; a failure is told and left to the keeper, which broadcasts it again. */
  async function broadcast(raw: Hex, hash: Hash) {
    try {
      await sendRawTransaction(client, { serializedTransaction: raw })
    } catch (error) {
      if (!alreadyKnown(error)) onBroadcastError(error, hash)
    }
  }

  /** The transaction recorded for a request with this signature, unless it was dropped or reverted. */
  async function find(signature: Hex): Promise<Sent | undefined> {
    const [row] = await db
      .select({ id: relayTransactions.id, hash: relayTransactions.hash, status: relayTransactions.status })
      .from(relayTransactions)
      .where(
        and(
          eq(relayTransactions.chainId, chainId),
          eq(relayTransactions.signature, signature),
          inArray(relayTransactions.status, ['sent', 'mined']),
        ),
      )
    return row && { ...row, hash: row.hash as Hash }
  }

  /**
   * Sends a prepared request: takes the relayer's next free nonce (under a lock every API process takes, so that two
   * sends never share one), signs, records and then broadcasts its transaction. A request already recorded is
   * answered with its transaction, and what `prepared` reserved is given back.
   */
  async function send(request: RelayRequest, prepared: Prepared): Promise<Sent> {
    let row: Row
    try {
      row = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`relay:${chainId}:${relayer}`}))`)
        const taken = new Set(
          (await tx.select({ nonce: relayTransactions.nonce }).from(relayTransactions).where(unsettled)).map(
            (r) => r.nonce,
          ),
        )
        // The node's count includes what it holds unmined; a nonce recorded but not yet broadcast (another process's,
        // between its record and its broadcast) is skipped, and one left free by a dropped transaction is filled.
        let nonce = await getTransactionCount(client, { address: account.address, blockTag: 'pending' })
        while (taken.has(nonce)) nonce++
        const data = encodeFunctionData({ abi: chainellationForwarderAbi, functionName: 'execute', args: [request] })
        const raw = await sign(data, nonce, prepared)
        const at = now()
        const [inserted] = await tx
          .insert(relayTransactions)
          .values({
            chainId,
            relayer,
            nonce,
            player: request.from.toLowerCase(),
            requestNonce: prepared.requestNonce.toString(),
            signature: request.signature,
            call: `${prepared.contract}.${prepared.functionName}`,
            raw,
            hash: keccak256(raw),
            hashes: [keccak256(raw)],
            maxFeePerGas: prepared.maxFeePerGas.toString(),
            maxPriorityFeePerGas: prepared.maxPriorityFeePerGas.toString(),
            gasLimit: prepared.gasLimit.toString(),
            reservation: { day: prepared.reservation.day, rows: prepared.reservation.rows },
            reservedWei: prepared.reservation.wei.toString(),
            status: 'sent',
            createdAt: at,
            broadcastAt: at,
          })
          .returning()
        if (!inserted) throw new Error('The relayer’s transaction was not recorded.')
        return inserted
      })
    } catch (error) {
      await release(db, prepared.reservation)
      // The same request sent twice at once: the first recorded is the one sent.
      const existing = await find(request.signature)
      if (existing) return existing
      throw error
    }
    await broadcast(row.raw as Hex, row.hash as Hash)
    return { id: row.id, hash: row.hash as Hash, status: row.status }
  }

  /** Settles `row` from `receipt`, once: of several processes keeping, the one that changes its status settles. */
  async function settleFrom(row: Row, receipt: TransactionReceipt) {
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
  async function drop(row: Row) {
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
  async function replace(row: Row) {
    const estimate = await estimateFeesPerGas(client)
    const oldMax = BigInt(row.maxFeePerGas)
    const maxPriorityFeePerGas = largest(bump(BigInt(row.maxPriorityFeePerGas)), estimate.maxPriorityFeePerGas)
    const maxFeePerGas = largest(bump(oldMax), estimate.maxFeePerGas, maxPriorityFeePerGas)
    const gasLimit = BigInt(row.gasLimit)
    const { data = '0x' } = parseTransaction(row.raw as Hex)
    const raw = await sign(data, row.nonce, { gasLimit, maxFeePerGas, maxPriorityFeePerGas })
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
    if (replaced) await broadcast(raw, hash)
  }

  /** The receipt of whichever of `row`'s transactions was mined, if one was. */
  async function receiptOf(row: Row): Promise<TransactionReceipt | undefined> {
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
  async function keep() {
    const rows = await db.select().from(relayTransactions).where(unsettled).orderBy(asc(relayTransactions.nonce))
    if (rows.length === 0) return
    // Read before the receipts: a transaction mined after this count is found by its receipt, not taken as dropped.
    const mined = await getTransactionCount(client, { address: account.address, blockTag: 'latest' })
    for (const row of rows) {
      const receipt = await receiptOf(row)
      if (receipt) await settleFrom(row, receipt)
      else if (row.nonce < mined) await drop(row)
      else {
        const waited = now().getTime() - row.broadcastAt.getTime()
        if (waited >= stuckAfterMs) await replace(row)
        else if (waited >= rebroadcastAfterMs) await broadcast(row.raw as Hex, row.hash as Hash)
      }
    }
  }

  /** How many of the relayer's transactions are not yet settled. */
  async function queued() {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(relayTransactions).where(unsettled)
    return row?.count ?? 0
  }

  /** A transaction of the relayer's by its id. */
  async function status(id: number): Promise<Sent | undefined> {
    const [row] = await db
      .select({ id: relayTransactions.id, hash: relayTransactions.hash, status: relayTransactions.status })
      .from(relayTransactions)
      .where(and(mine, eq(relayTransactions.id, id)))
    return row && { ...row, hash: row.hash as Hash }
  }

  return { address: account.address, send, find, keep, queued, status }
}

export type RelaySender = ReturnType<typeof createRelaySender>
