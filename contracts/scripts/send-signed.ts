import { setTimeout as sleep } from 'node:timers/promises'
import { BaseError, type Hash, type Hex, keccak256, type WalletClient } from 'viem'

/** Whether `error` is a provider's passing failure (HTTP 429 or 5xx), after which the same request may succeed. */
export const passingFailure = (error: unknown) =>
  error instanceof BaseError &&
  !!error.walk((e) => {
    // viem's HttpRequestError (no JSON-RPC answer) and RpcRequestError (an error answer) both carry the HTTP status.
    const status = (e as { status?: unknown }).status
    return typeof status === 'number' && (status === 429 || status >= 500)
  })

/**
 * Sends a signed transaction, again (up to `attempts` times in all) if a provider failed to answer: a hosted node drops
 * a small share of requests with a 502 or 503. Sending the same signed transaction twice is safe: it has one hash and
 * one nonce, so the chain takes it at most once, and a node that already has it says so ("already known", or "nonce
 * too low" once it is mined).
 */
export async function sendSigned(
  wallet: Pick<WalletClient, 'sendRawTransaction'>,
  serializedTransaction: Hex,
  { attempts = 5 }: { attempts?: number } = {},
): Promise<Hash> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await wallet.sendRawTransaction({ serializedTransaction })
    } catch (error) {
      const known = /already known|already imported|nonce too low/i.test(error instanceof Error ? error.message : '')
      if (attempt > 1 && known) return keccak256(serializedTransaction)
      if (attempt >= attempts || !passingFailure(error)) throw error
      await sleep(250 * attempt)
    }
  }
}
