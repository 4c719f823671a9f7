import { useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { fetchCollector } from '@/lib/discovery/discovery-api'
import { refetchEvery } from '@/lib/discovery/live'

/** The figures of the collector at `address`, kept up to date while the page is visible. */
export function useCollector(address: Address) {
  return useQuery({
    queryKey: ['discovery', 'collector', address.toLowerCase()],
    queryFn: ({ signal }) => fetchCollector(address, signal),
    refetchInterval: refetchEvery(true),
    gcTime: 0,
  })
}
