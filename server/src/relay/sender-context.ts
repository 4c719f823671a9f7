import { and, eq } from 'drizzle-orm'
import type { Address, Client, Hash, Hex, LocalAccount, Transport } from 'viem'
import { sendRawTransaction } from 'viem/actions'
import type { Database } from '../db'
import { relayTransactions } from '../db/schema'
import type { RelayBudgets, Reservation } from './budgets'

// What the relayer's sending (sender.ts) and its keeping (sender-keeper.ts) share: the sender's settings with their
// defaults, its rows, and the signing and broadcasting of its transactions.

export type Row = typeof relayTransactions.$inferSelect

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

/** The sender's settings with their defaults, and the rows that are the relayer's on its chain. */
export function senderContext(options: SenderOptions) {
  const {
    now = () => new Date(),
    stuckAfterMs = 45_000,
    rebroadcastAfterMs = 4_000,
    onBroadcastError = () => {},
  } = options
  const relayer = options.account.address.toLowerCase()
  const mine = and(eq(relayTransactions.chainId, options.chainId), eq(relayTransactions.relayer, relayer))
  return {
    ...options,
    now,
    stuckAfterMs,
    rebroadcastAfterMs,
    onBroadcastError,
    /** The relayer's address and the forwarder's, as rows hold them. */
    relayer,
    forwarderKey: options.forwarder.toLowerCase(),
    mine,
    unsettled: and(mine, eq(relayTransactions.status, 'sent')),
  }
}

export type SenderContext = ReturnType<typeof senderContext>

export type Fees = { gasLimit: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }

/** Signs the relayer's transaction to the forwarder with `data` (its `execute` of a request), `nonce` and fees. */
export const signTransaction = ({ account, chainId, forwarder }: SenderContext, data: Hex, nonce: number, fees: Fees) =>
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

/** Whether a node's refusal of a raw transaction says it has it already, or already mined it. */
const alreadyKnown = (error: unknown) =>
  /already known|known transaction|already imported|nonce too low|transaction already exists/i.test(
    error instanceof Error ? `${error.message} ${String((error as { details?: unknown }).details ?? '')}` : '',
  )

/** Broadcasts `raw`; a failure is told and left to the keeper, which broadcasts it again. */
export async function broadcast({ client, onBroadcastError }: SenderContext, raw: Hex, hash: Hash) {
  try {
    await sendRawTransaction(client, { serializedTransaction: raw })
  } catch (error) {
    if (!alreadyKnown(error)) onBroadcastError(error, hash)
  }
}

export const hashesOf = (row: Row) => row.hashes as Hash[]

export const reservationOf = (row: Row): Reservation => ({
  ...(row.reservation as Omit<Reservation, 'wei'>),
  wei: BigInt(row.reservedWei),
})
