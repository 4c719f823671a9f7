import { useQuery } from '@tanstack/react-query'
import { fetchSync } from '../api/discovery'

/** Blocks the index may trail the chain by before the gallery says so: a block or two is the time to index one. */
export const BEHIND_TOLERANCE = 3

/** Blocks behind the chain worth telling the player about: more than a few, and known. */
export const lagOf = (behind: number | null | undefined) =>
  behind != null && behind > BEHIND_TOLERANCE ? behind : undefined

/** How many blocks the gallery's index trails the chain by, when more than a few; checked every 15 s while shown. */
export function useIndexBehind(enabled: boolean): number | undefined {
  const sync = useQuery({
    queryKey: ['discovery', 'sync'],
    queryFn: ({ signal }) => fetchSync(signal),
    enabled,
    refetchInterval: 15_000,
    staleTime: 5_000,
  })
  return lagOf(sync.data?.behind)
}
