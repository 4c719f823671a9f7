import type SafeAppsSDK from '@safe-global/safe-apps-sdk'
import type { GatewayTransactionDetails as TransactionDetails } from '@safe-global/safe-apps-sdk'
import { type Hash, withTimeout } from 'viem'

/** Anchored patterns for the Safe{Wallet} origins allowed to frame the app and talk to it. */
export function originPatterns(origins: readonly string[]): RegExp[] {
  return origins.map((origin) => new RegExp(`^${origin.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`))
}

/** The app runs inside a frame, as Safe{Wallet} shows Safe Apps. */
export const isFramed = () => typeof window !== 'undefined' && window.parent !== window

const sdks = new Map<string, Promise<SafeAppsSDK>>()

/**
 * A Safe Apps SDK talking to the parent frame, for origins `allowedOrigins` only; loaded on first use, one
 * per list. wagmi's Safe connector keeps its own for the provider; this one asks about transactions.
 */
export function safeAppsSdk(allowedOrigins: readonly string[]): Promise<SafeAppsSDK> {
  const key = allowedOrigins.join(',')
  let sdk = sdks.get(key)
  if (!sdk) {
    sdk = import('@safe-global/safe-apps-sdk').then(
      ({ default: SDK }) => new SDK({ allowedDomains: originPatterns(allowedOrigins) }),
    )
    sdks.set(key, sdk)
  }
  return sdk
}

/** Where a Safe transaction is before the chain has it. */
export type SafeProgress = {
  safeTxHash: Hash
  /** `signatures`: owners still have to sign; `execution`: signed, an owner still has to execute it. */
  awaiting: 'signatures' | 'execution'
  confirmations: number
  required: number
}

export type TrackOptions = {
  /** Called each time the Safe reports the transaction still queued. */
  onProgress?: (progress: SafeProgress) => void
  /** Time between two questions to Safe{Wallet} (default 2 s). */
  intervalMs?: number
  /** Longest wait for one answer before asking again (default 10 s). */
  answerTimeoutMs?: number
  signal?: AbortSignal
}

type TxLookup = { txs: { getBySafeTxHash: (hash: string) => Promise<TransactionDetails> } }

/** A Safe transaction Safe{Wallet} reports cancelled or failed without a chain transaction to show. */
export class SafeTransactionError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SafeTransactionError'
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })

/**
 * Follows a Safe transaction through Safe{Wallet} (`getTxBySafeTxHash`) until it has been executed, and
 * resolves with the chain transaction's hash. A Safe write returns only the Safe transaction's hash: other
 * owners may still have to sign, and someone has to execute it. Unanswered or failed questions are asked
 * again; a cancelled transaction rejects.
 */
export async function trackSafeTransaction(sdk: TxLookup, safeTxHash: Hash, options: TrackOptions = {}): Promise<Hash> {
  const { onProgress, intervalMs = 2000, answerTimeoutMs = 10_000, signal } = options
  for (;;) {
    signal?.throwIfAborted()
    const details = await withTimeout(() => sdk.txs.getBySafeTxHash(safeTxHash), {
      timeout: answerTimeoutMs,
    }).catch(() => undefined)
    if (details) {
      if (details.txHash && (details.txStatus === 'SUCCESS' || details.txStatus === 'FAILED'))
        return details.txHash as Hash
      if (details.txStatus === 'CANCELLED') throw new SafeTransactionError('The Safe transaction was cancelled.')
      if (details.txStatus === 'FAILED') throw new SafeTransactionError('The Safe transaction failed.')
      const info = details.detailedExecutionInfo
      const multisig = info?.type === 'MULTISIG' ? info : undefined
      onProgress?.({
        safeTxHash,
        awaiting: details.txStatus === 'AWAITING_CONFIRMATIONS' ? 'signatures' : 'execution',
        confirmations: multisig?.confirmations.length ?? 0,
        required: multisig?.confirmationsRequired ?? 1,
      })
    }
    await sleep(intervalMs, signal)
  }
}

/** What a player reads while their Safe transaction waits. */
export function safeProgressText({ awaiting, confirmations, required }: SafeProgress): string {
  return awaiting === 'signatures'
    ? `Awaiting other owners' signatures in your Safe: ${confirmations} of ${required} signed.`
    : `Signed by ${confirmations} of ${required} owners; waiting for an owner to execute it in your Safe.`
}
