import { chainellationForwarderAbi } from '@chainellation/contracts'
import { and, eq, inArray, min, sql } from 'drizzle-orm'
import { type Address, encodeFunctionData, type Hash, type Hex, keccak256 } from 'viem'
import { getTransactionCount, readContract } from 'viem/actions'
import type { Database } from '../db'
import { relayTransactions } from '../db/schema'
import { type Reservation, reserve, type Spender, type Standing } from './budgets'
import { type Refusal, type RelayRequest, refuse } from './policy'
import type { Prepared } from './prepare'
import {
  broadcast,
  type Row,
  type SenderContext,
  type SenderOptions,
  type Sent,
  senderContext,
  signTransaction,
} from './sender-context'
import { keep } from './sender-keeper'

export type { SenderOptions, Sent }

// The relayer's sending (docs/decisions/sponsored-writes.md): each request becomes one transaction from the relayer's
// key, signed and recorded in the database before it is broadcast, so that whichever API process holds it, it is
// broadcast again until the node knows it, replaced at higher fees when it is stuck, and settled from its receipt,
// and never sent twice. Every API process may send and keep; the database decides between them.

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

const sentColumns = { id: relayTransactions.id, hash: relayTransactions.hash, status: relayTransactions.status }

/**
 * The transaction recorded for a request with this signature (in its canonical spelling, `canonicalSignature`),
 * unless it was dropped or reverted.
 */
async function find({ db, chainId }: SenderContext, signature: Hex, reader: Database = db): Promise<Sent | undefined> {
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
async function outFor({ chainId, forwarderKey }: SenderContext, tx: Database, request: RelayRequest, nonce: bigint) {
  const [row] = await tx
    .select({ id: relayTransactions.id })
    .from(relayTransactions)
    .where(
      and(
        eq(relayTransactions.chainId, chainId),
        eq(relayTransactions.forwarder, forwarderKey),
        eq(relayTransactions.player, request.from.toLowerCase()),
        eq(relayTransactions.requestNonce, nonce.toString()),
        eq(relayTransactions.status, 'sent'),
      ),
    )
  return Boolean(row)
}

/** The forwarder's nonce of `player`, as the latest block has it. */
const forwarderNonce = ({ client, forwarder }: SenderContext, player: Address) =>
  readContract(client, {
    address: forwarder,
    abi: chainellationForwarderAbi,
    functionName: 'nonces',
    args: [player],
    blockTag: 'latest',
  })

/**
 * The relayer's next free nonce. The node's count includes what it holds unmined; a nonce recorded but not yet
 * broadcast (another process's, between its record and its broadcast) is skipped, and one left free by a dropped
 * transaction is filled.
 */
async function nextNonce({ client, account, unsettled }: SenderContext, tx: Database) {
  const taken = new Set(
    (await tx.select({ nonce: relayTransactions.nonce }).from(relayTransactions).where(unsettled)).map((r) => r.nonce),
  )
  let nonce = await getTransactionCount(client, { address: account.address, blockTag: 'pending' })
  while (taken.has(nonce)) nonce++
  return nonce
}

/** Signs the request's transaction at `nonce` and records it, sent at `at` on `reservation`; none when another was. */
async function record(
  sender: SenderContext,
  tx: Database,
  {
    request,
    prepared,
    reservation,
    nonce,
    at,
  }: {
    request: RelayRequest
    prepared: Prepared
    reservation: Reservation
    nonce: number
    at: Date
  },
) {
  const data = encodeFunctionData({ abi: chainellationForwarderAbi, functionName: 'execute', args: [request] })
  const raw = await signTransaction(sender, data, nonce, prepared)
  const [inserted] = await tx
    .insert(relayTransactions)
    .values({
      chainId: sender.chainId,
      relayer: sender.relayer,
      nonce,
      forwarder: sender.forwarderKey,
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
  return inserted
}

type Outcome = Row | (Sent & { known?: true }) | Refusal

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
  sender: SenderContext,
  request: RelayRequest,
  prepared: Prepared,
  spender: Spender,
  standing: Standing,
): Promise<(Sent & { known?: true }) | Refusal> {
  const { db, chainId, relayer, budgets, now } = sender
  let outcome: Outcome
  try {
    outcome = await db.transaction(async (tx): Promise<Outcome> => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`relay:${chainId}:${relayer}`}))`)
      const known = await find(sender, request.signature, tx)
      if (known) return { ...known, known: true }
      if (await outFor(sender, tx, request, prepared.requestNonce)) return nonceTaken()
      const at = now()
      const reservation = await reserve(tx, budgets, spender, prepared.gasLimit * prepared.maxFeePerGas, at, standing)
      if ('code' in reservation) return reservation
      const nonce = await nextNonce(sender, tx)
      const inserted = await record(sender, tx, { request, prepared, reservation, nonce, at })
      // Another relayer's transaction for the same request or (forwarder, signer, nonce): nothing of this is kept.
      if (!inserted) throw new Taken('out')
      // Read after the record: were the nonce used by now, its transaction is mined, and the request would revert.
      if ((await forwarderNonce(sender, request.from)) !== prepared.requestNonce) throw new Taken('mined')
      return inserted
    })
  } catch (error) {
    if (!(error instanceof Taken)) throw error
    const known = await find(sender, request.signature)
    return known ? { ...known, known: true } : nonceTaken(error.by)
  }
  if (!('raw' in outcome)) return outcome
  await broadcast(sender, outcome.raw as Hex, outcome.hash as Hash)
  return { id: outcome.id, hash: outcome.hash as Hash, status: outcome.status }
}

/** How many of the relayer's transactions are not yet settled. */
async function queued({ db, unsettled }: SenderContext) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(relayTransactions).where(unsettled)
  return row?.count ?? 0
}

/** When the relayer's oldest transaction not yet settled was first sent (its replacements keep that), if one is. */
async function oldestQueued({ db, unsettled }: SenderContext) {
  const [row] = await db
    .select({ at: min(relayTransactions.createdAt) })
    .from(relayTransactions)
    .where(unsettled)
  return row?.at ?? undefined
}

/** A transaction of the relayer's by its id. */
async function status({ db, mine }: SenderContext, id: number): Promise<Sent | undefined> {
  const [row] = await db
    .select(sentColumns)
    .from(relayTransactions)
    .where(and(mine, eq(relayTransactions.id, id)))
  return row && { ...row, hash: row.hash as Hash }
}

export function createRelaySender(options: SenderOptions) {
  const sender = senderContext(options)
  return {
    address: options.account.address,
    send: (request: RelayRequest, prepared: Prepared, spender: Spender, standing: Standing) =>
      send(sender, request, prepared, spender, standing),
    find: (signature: Hex) => find(sender, signature),
    keep: () => keep(sender),
    queued: () => queued(sender),
    oldestQueued: () => oldestQueued(sender),
    status: (id: number) => status(sender, id),
  }
}

export type RelaySender = ReturnType<typeof createRelaySender>
