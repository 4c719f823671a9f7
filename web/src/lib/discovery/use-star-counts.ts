import { useQueries } from '@tanstack/react-query'
import { fetchIndexedSky } from './discovery-api'

/**
 * The star count of each of `skyIds` (a gaze's "3 of 7"), from the index. A constellation's size never changes, so
 * each sky is asked once and kept; a sky the index could not give is left out, and its gazes read without a total.
 */
export function useStarCounts(skyIds: readonly number[]): ReadonlyMap<number, number> {
  const unique = [...new Set(skyIds)]
  return useQueries({
    queries: unique.map((skyId) => ({
      queryKey: ['discovery', 'star-count', skyId],
      queryFn: async ({ signal }: { signal: AbortSignal }) => (await fetchIndexedSky(skyId, signal)).starCount,
      staleTime: Number.POSITIVE_INFINITY,
    })),
    combine: (results) => new Map(unique.flatMap((id, i) => (results[i]?.data ? [[id, results[i].data]] : []))),
  })
}
