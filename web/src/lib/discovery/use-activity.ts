import { useInfiniteQuery } from '@tanstack/react-query'
import { type ActivityFilter, fetchActivity } from './discovery-api'
import { refetchEvery } from './live'

/**
 * The game's events, newest first, `limit` a page, live: every few seconds while the page is visible the pages
 * shown are asked again (each after the one before it, by its cursor), so new events join at the top without a
 * reload and the older pages stay contiguous. `fetchNextPage` brings the next older page.
 */
export function useActivity(filter: ActivityFilter, limit: number) {
  return useInfiniteQuery({
    queryKey: ['discovery', 'activity', filter.skyId ?? null, filter.address?.toLowerCase() ?? null, limit],
    queryFn: ({ pageParam, signal }) => fetchActivity(filter, limit, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    refetchInterval: refetchEvery(true),
    // Never kept past the visit: a feed a day old would show as news.
    gcTime: 0,
  })
}
