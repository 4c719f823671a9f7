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
import {
  estimateFeesPerGas,
  getTransactionCount,
  getTransactionReceipt,
  readContract,
  sendRawTransaction,
} from 'viem/actions'
import type { Database } from '../db'
import { relayTransactions } from '../db/schema'
import {
  extend,
  type RelayBudgets,
  type Reservation,
  release,
  reserve,
  type Spender,
  type Standing,
  settle,
} from './budgets'
import { type Refusal, type RelayRequest, refuse } from './policy'
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
  /** What the relayer may spend, reserved on as each request is sent. */
  budgets: RelayBudgets
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

/** Thrown to roll a send back when its request's nonce turned out taken: by a transaction out, or one mined. */
class Taken extends Error {
  constructor(readonly by: 'out' | 'mined') {
    super(`the request's nonce is taken by a transaction ${by}`)
  }
}

const nonceTaken = (by: Taken['by'] = 'out'): Refusal =>
  refuse(
    'nonce',
    by === 'out'
      ? 'Another request you signed with the same nonce is being sent: wait for it to be mined, then sign this one again.'
      : 'Another request you signed with the same nonce was mined just now: sign this one again.',
    'nonce-taken',
  )

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
    budgets,
    now = () => new Date(),
    stuckAfterMs = 45_000,
    rebroadcastAfterMs = 4_000,
    onBroadcastError = () => {},
  } = options
  const relayer = account.address.toLowerCase()
  const forwarderKey = forwarder.toLowerCase()
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

  const sentColumns = { id: relayTransactions.id, hash: relayTransactions.hash, status: relayTransactions.status }

  /**
   * The transaction recorded for a request with this signature (in its canonical spelling, `canonicalSignature`),
   * unless it was dropped or reverted.
   */
  async function find(signature: Hex, reader: Database = db): Promise<Sent | undefined> {
    const [row] = await reader
      .select(sentColumns)
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

  /** Whether a transaction for the request's (forwarder, signer, nonce) is out and not yet settled. */
  async function outFor(tx: Database, request: RelayRequest, requestNonce: bigint) {
    const [row] = await tx
      .select({ id: relayTransactions.id })
      .from(relayTransactions)
      .where(
        and(
          eq(relayTransactions.chainId, chainId),
          eq(relayTransactions.forwarder, forwarderKey),
          eq(relayTransactions.player, request.from.toLowerCase()),
          eq(relayTransactions.requestNonce, requestNonce.toString()),
          eq(relayTransactions.status, 'sent'),
        ),
      )
    return Boolean(row)
  }

  /** The forwarder's nonce of `player`, as the latest block has it. */
  const forwarderNonce = (player: Address) =>
    readContract(client, {
      address: forwarder,
      abi: chainellationForwarderAbi,
      functionName: 'nonces',
      args: [player],
      blockTag: 'latest',
    })

  /**
   * Sends a prepared request (its signature canonical) for `spender`, who stands with the relayer as `standing`
   * (which budgets it draws on), in one database transaction under a lock that
   * every API process takes for the relayer: a request already sent is answered with its transaction; one whose
   * (forwarder, signer, nonce) has another request's transaction out, refused; then its most possible cost is
   * reserved on the budgets, the relayer's next free nonce taken (so that two sends never share one), its transaction
   * signed and recorded, and the forwarder's nonce read once more, so that a request whose nonce was used while it was
   * prepared is refused rather than sent to revert. Only once that is committed is it broadcast.
   */
  async function send(
    request: RelayRequest,
    prepared: Prepared,
    spender: Spender,
    standing: Standing,
  ): Promise<(Sent & { known?: true }) | Refusal> {
    let outcome: Row | (Sent & { known?: true }) | Refusal
    try {
      outcome = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`relay:${chainId}:${relayer}`}))`)
        const known = await find(request.signature, tx)
        if (known) return { ...known, known: true }
        if (await outFor(tx, request, prepared.requestNonce)) return nonceTaken()
        const at = now()
        const reservation = await reserve(tx, budgets, spender, prepared.gasLimit * prepared.maxFeePerGas, at, standing)
        if ('code' in reservation) return reservation
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
        const [inserted] = await tx
          .insert(relayTransactions)
          .values({
            chainId,
            relayer,
            nonce,
            forwarder: forwarderKey,
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
            reservation: { day: reservation.day, rows: reservation.rows },
            reservedWei: reservation.wei.toString(),
            status: 'sent',
            createdAt: at,
            broadcastAt: at,
          })
          .onConflictDoNothing()
          .returning()
        // Another relayer's transaction for the same request or (forwarder, signer, nonce): nothing of this is kept.
        if (!inserted) throw new Taken('out')
        // Read after the record: were the nonce used by now, its transaction is mined, and the request would revert.
        if ((await forwarderNonce(request.from)) !== prepared.requestNonce) throw new Taken('mined')
        return inserted
      })
    } catch (error) {
      if (!(error instanceof Taken)) throw error
      const known = await find(request.signature)
      return known ? { ...known, known: true } : nonceTaken(error.by)
    }
    if (!('raw' in outcome)) return outcome
    await broadcast(outcome.raw as Hex, outcome.hash as Hash)
    return { id: outcome.id, hash: outcome.hash as Hash, status: outcome.status }
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
