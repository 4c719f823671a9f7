import { type Query, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { minedBlocks } from '@/lib/wallet/write/mined-blocks'
import { fetchSync } from '../api/discovery'

/** Blocks the index may trail the chain by before the gallery says so: a block or two is the time to index one. */
export const BEHIND_TOLERANCE = 3

/** How often the index's progress is asked while it has not reached a write the player just made. */
export const WRITE_WAIT_INTERVAL = 2_000

/** Blocks behind the chain worth telling the player about: more than a few, and known. */
export const lagOf = (behind: number | null | undefined) =>
  behind != null && behind > BEHIND_TOLERANCE ? behind : undefined

type Sync = Awaited<ReturnType<typeof fetchSync>>

/** Whether the index has yet to reach the block of the latest write this page made on its chain. */
const behindLatestWrite = (sync: Sync | undefined) => {
  const block = minedBlocks.latest(sync?.chainId)
  return block !== undefined && sync?.indexedBlock != null && BigInt(sync.indexedBlock) < block
}

/**
 * The index's progress, checked every 15 s while shown, and every 2 s while it has not reached the player's latest
 * write; once it has, the gallery's answers are asked again, so a sky minted (or gazed at, or dressed) a moment ago
 * shows without a reload. Returns how many blocks the index trails the chain by, when more than a few.
 */
export function useIndexBehind(enabled: boolean): number | undefined {
  const queryClient = useQueryClient()
  const sync = useQuery({
    queryKey: ['discovery', 'sync'],
    queryFn: ({ signal }) => fetchSync(signal),
    enabled,
    refetchInterval: (query: Query<Sync>) => (behindLatestWrite(query.state.data) ? WRITE_WAIT_INTERVAL : 15_000),
    staleTime: 5_000,
  })
  const written = useSyncExternalStore(minedBlocks.subscribe, () => minedBlocks.latest(sync.data?.chainId))
  const indexed = sync.data?.indexedBlock
  const askedFor = useRef<bigint | undefined>(undefined)
  useEffect(() => {
    if (written === undefined || indexed == null || BigInt(indexed) < written || askedFor.current === written) return
    askedFor.current = written
    void queryClient.invalidateQueries({ queryKey: ['discovery', 'skies'] })
  }, [written, indexed, queryClient])
  return lagOf(sync.data?.behind)
}
