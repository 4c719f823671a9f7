import { skipToken, useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { type AccountName, fetchName } from './name-api'

/** Names and avatars are kept a day, as every query the app persists. */
const NAME_STALE_MS = 24 * 60 * 60 * 1000

/**
 * The ENS name and avatar of `address`, asked for only while an address is shown, and kept (and persisted with the
 * query cache) for 24 hours before it is asked again. Undefined until known, and when the API could not look it up:
 * the address then shows as it is.
 */
export function useName(address: Address | undefined): AccountName | undefined {
  return useQuery({
    queryKey: ['name', address?.toLowerCase()],
    queryFn: address ? ({ signal }) => fetchName(address, signal) : skipToken,
    staleTime: NAME_STALE_MS,
    gcTime: NAME_STALE_MS,
    retry: 0,
  }).data
}
