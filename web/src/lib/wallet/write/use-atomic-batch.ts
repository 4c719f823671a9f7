import { useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { type Config, useAccount, useConfig } from 'wagmi'
import { getAccount, getCapabilities } from 'wagmi/actions'
import { useGasSponsorship } from './use-gas-sponsorship'

/**
 * Whether capabilities a wallet gave (EIP-5792 `wallet_getCapabilities`, for one chain) say it sends a batch of calls
 * atomically: `atomic` of the EIP as it stands ("supported", or "ready" once the account is upgraded), or the
 * `atomicBatch` of its earlier draft, which the Safe Apps provider still answers.
 */
export function isAtomic(capabilities: unknown): boolean {
  const { atomic, atomicBatch } = (capabilities ?? {}) as {
    atomic?: { status?: unknown }
    atomicBatch?: { supported?: unknown }
  }
  return atomic?.status === 'supported' || atomic?.status === 'ready' || atomicBatch?.supported === true
}

/**
 * The query options of whether `address`'s wallet sends batches atomically on `chainId`, asked once per account and
 * connector. A wallet that does not know the method (most do not yet) answers with an error: it cannot.
 */
export function atomicBatchQuery(config: Config, { address, chainId }: { address: Address; chainId: number }) {
  return {
    queryKey: ['atomic-batch', chainId, address, getAccount(config).connector?.uid] as const,
    queryFn: () => getCapabilities(config, { account: address, chainId }).then(isAtomic, () => false),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  }
}

/**
 * Whether a page may offer two writes as one: the wallet sends batches atomically, and pays the gas itself (the
 * game's relayer sends one call per request, so a write it pays for stays on its own). docs/decisions/walletconnect.md.
 */
export function useCanBatch(): boolean {
  const config = useConfig()
  const { address, chainId } = useAccount()
  const sponsorship = useGasSponsorship()
  const atomic = useQuery({
    ...atomicBatchQuery(config, { address: address ?? '0x', chainId: chainId ?? 0 }),
    enabled: !!address && !!chainId,
  })
  return atomic.data === true && sponsorship.known && !sponsorship.sponsored
}
