import { useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { type Config, useAccount, useConfig } from 'wagmi'
import { getAccount } from 'wagmi/actions'
import { usePaysOwnGas } from './gas-choice'
import { fetchRelayTerms, gasReason, isContractAccount, type OwnGasReason } from './sponsor'

/** The query of the relayer's terms, shared by the pages' words and the write machine's choice. */
export const RELAY_TERMS_KEY = ['relay-terms'] as const
/** The relayer's terms are read again after this long: its pause comes and goes with its balance. */
export const RELAY_TERMS_STALE_MS = 30_000

/** The query options of the relayer's terms. */
export const relayTermsQuery = {
  queryKey: RELAY_TERMS_KEY,
  queryFn: fetchRelayTerms,
  staleTime: RELAY_TERMS_STALE_MS,
} as const

/**
 * The query options of whether `address` is a contract account on `chainId`, shared by the pages' words and the write
 * machine's choice. An account's kind does not change while it is connected (an EIP-7702 delegation still counts as
 * ordinary): read once per account and connector.
 */
export function accountIsContractQuery(config: Config, { address, chainId }: { address: Address; chainId: number }) {
  return {
    queryKey: ['account-is-contract', chainId, address, getAccount(config).connector?.type] as const,
    queryFn: () => isContractAccount(config, { address, chainId }),
    staleTime: Number.POSITIVE_INFINITY,
  }
}

export type GasSponsorship =
  /** Not known yet (no account, or the terms or the account's code not read). */
  | { known: false }
  /** `sponsored`: the game pays the gas of the account's writes; else `reason` says why not. */
  | { known: true; sponsored: true }
  | { known: true; sponsored: false; reason: OwnGasReason }

/** Whether the game pays the gas of the connected account's writes here, and if not, why not. */
export function useGasSponsorship(): GasSponsorship {
  const config = useConfig()
  const { address, chainId } = useAccount()
  const [chosen] = usePaysOwnGas()
  const terms = useQuery(relayTermsQuery)
  const on = !!terms.data?.on && terms.data.chainId === chainId
  // Read only where the game pays gas at all.
  const contract = useQuery({
    ...accountIsContractQuery(config, { address: address ?? '0x', chainId: chainId ?? 0 }),
    enabled: on && !!address,
  })
  if (terms.isError) return { known: true, sponsored: false, reason: 'off' }
  if (!terms.data || !address || !chainId) return { known: false }
  if (on && !contract.isSuccess) return { known: false }
  const reason = gasReason(terms.data, { chainId, contract: !!contract.data, choosesOwnGas: chosen })
  return reason === undefined ? { known: true, sponsored: true } : { known: true, sponsored: false, reason }
}
