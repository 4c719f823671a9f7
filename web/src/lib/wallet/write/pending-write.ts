import type { Hash } from 'viem'
import { z } from '@/config/zod'
import type { SentTransaction } from './transaction-outcome'
import type { WriteState } from './write-state'

/** A write sent but not yet settled, kept in local storage so that it survives a reload. */
export type PendingWrite = (
  | {
      /** The chain transaction's hash, or the Safe transaction's while `safe` is set. */
      hash: Hash
      calls?: undefined
    }
  | {
      /**
       * Calls sent as one batch (EIP-5792 `wallet_sendCalls`) by a wallet that is not a Safe: the id the wallet gave
       * the batch, whose transaction its `wallet_getCallsStatus` names once on chain. A Safe's batch is one Safe
       * transaction, kept by its hash as any other.
       */
      calls: string
      hash?: undefined
    }
) & {
  safe?: true
  /** Its line in the recent transactions, for a replacement that takes its place. */
  description?: string
  /** What the node showed of it, so a replacement mined while the page was closed is still found. */
  sent?: SentTransaction
}

/**
 * The record's schema, built the first time a record is read (a connected wallet's): building zod's schemas is work
 * a page that loads the write machine for its islands paid as the module was evaluated, ~25 ms at 4× CPU, before any
 * wallet was there to read for (docs/decisions/first-use.md).
 */
function storedSchema() {
  const hex = (length?: number) =>
    z.pipe(
      z.string().check(z.regex(length ? new RegExp(`^0x[0-9a-fA-F]{${length}}$`) : /^0x[0-9a-fA-F]*$/)),
      z.transform((h) => h as `0x${string}`),
    )
  const address = hex(40)
  return z.object({
    hash: z.optional(hex(64)),
    // EIP-5792 leaves a batch's id to the wallet: any string of up to 4096 bytes.
    calls: z.optional(z.string().check(z.minLength(1), z.maxLength(4096))),
    safe: z.optional(z.literal(true)),
    description: z.optional(z.string()),
    sent: z.optional(
      z.object({
        from: address,
        nonce: z.int().check(z.nonnegative()),
        to: z.optional(z.nullable(address)),
        value: z.optional(
          z.pipe(
            z.string().check(z.regex(/^\d+$/)),
            z.transform((v) => BigInt(v)),
          ),
        ),
        input: z.optional(hex()),
      }),
    ),
  })
}
let stored: ReturnType<typeof storedSchema> | undefined

/** Where the pending write of kind `resumeKey` is kept, per chain and account. */
export const pendingKey = (resumeKey: string, chainId: number, account: string) =>
  `chainellation.pending.${resumeKey}.${chainId}.${account.toLowerCase()}`

/** The pending write kept under `key`; anything unreadable counts as none. */
export function readPending(storage: Storage, key: string): PendingWrite | undefined {
  try {
    stored ??= storedSchema()
    const result = stored.safeParse(JSON.parse(storage.getItem(key) ?? 'null'))
    if (!result.success) return undefined
    const { hash, calls, safe, description, sent } = result.data
    // Exactly one of a transaction's hash and a batch's id.
    const which = hash && calls === undefined ? { hash } : calls !== undefined && !hash ? { calls } : undefined
    if (!which) return undefined
    return { ...which, ...(safe && { safe }), ...(description !== undefined && { description }), ...(sent && { sent }) }
  } catch {
    return undefined
  }
}

export function savePending(storage: Storage, key: string, pending: PendingWrite): void {
  const sent = pending.sent && { ...pending.sent, value: pending.sent.value?.toString() }
  storage.setItem(key, JSON.stringify({ ...pending, sent }))
}

/** What a pending write shows until its outcome is known: a batch until it is on chain, another by its hash. */
export const pendingState = (pending: PendingWrite): WriteState =>
  pending.calls !== undefined ? { status: 'confirming' } : { status: 'pending', hash: pending.hash }
