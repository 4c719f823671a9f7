import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { IndexDownError, IndexRefusal } from '@/lib/discovery/discovery-api'
import { fetchSkies, INDEX_FRESH_MS } from '../api/discovery'
import { type GalleryQuery, galleryQueryParams } from '../utils/gallery-query'

/** How often a silent index is asked again while the gallery shows the chain's skies instead. */
const SILENT_INDEX_INTERVAL = 30_000

/**
 * The skies matching `query` from the gallery's index, a page at a time. A refused query keeps the last answer on
 * screen (the player's input is at fault, not the gallery); a silent index is not retried at once, so the gallery
 * turns to the chain without waiting, and is asked again now and then to come back by itself.
 */
export function useIndexedSkies(query: GalleryQuery) {
  const skies = useInfiniteQuery({
    queryKey: ['discovery', 'skies', galleryQueryParams(query)],
    queryFn: ({ pageParam, signal }) => fetchSkies(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next ?? undefined,
    placeholderData: keepPreviousData,
    // The index follows the chain within seconds: a view opened again a little later asks again.
    staleTime: INDEX_FRESH_MS,
    refetchInterval: (q) => (q.state.error instanceof IndexDownError ? SILENT_INDEX_INTERVAL : false),
  })
  // TanStack Query keeps the previous view only while the next one loads: past a refusal, the gallery keeps it itself.
  const answered = useRef(skies.data)
  if (skies.data) answered.current = skies.data
  const refused = skies.error instanceof IndexRefusal
  return { ...skies, data: skies.data ?? (refused ? answered.current : undefined), refused }
}
