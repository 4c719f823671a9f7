import { useInfiniteQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { fetchSkiesOf } from '@/lib/discovery/discovery-api'
import { refetchEvery } from '@/lib/discovery/live'

/** The skies `owner` holds, newest first, a page at a time; asked again only when the index did not answer. */
export function useCollectorSkies(owner: Address) {
  return useInfiniteQuery({
    queryKey: ['discovery', 'skies-of', owner.toLowerCase()],
    queryFn: ({ pageParam, signal }) => fetchSkiesOf(owner, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next ?? undefined,
    refetchInterval: refetchEvery(false),
    gcTime: 0,
  })
}
