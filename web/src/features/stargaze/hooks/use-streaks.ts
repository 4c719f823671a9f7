import type { Streak } from '@chainellation/contracts/nights'
import type { SkiesPageJson } from '@chainellation/indexer/json'
import { useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { api } from '@/lib/api/client'
import { discoveryAnswer } from '@/lib/discovery/discovery-api'
import { refetchEvery } from '@/lib/discovery/live'

/** Most skies one read of the index returns (its MAX_LIMIT). */
const PAGE = 100

/**
 * The streak of each of `owner`'s skies, from the index (which counts them from the gaze events): a hundred skies a
 * read. A sky the index does not have yet is left out, and its card goes without a streak until it has.
 */
export function useStreaks(owner: Address | undefined) {
  return useQuery({
    queryKey: ['discovery', 'streaks', owner?.toLowerCase()],
    enabled: !!owner,
    refetchInterval: refetchEvery(true),
    queryFn: async ({ signal }) => {
      const streaks = new Map<number, Streak>()
      for (let page: number | null = 1; page !== null; ) {
        const request = api.discovery.skies.$get(
          { query: { owner: owner ?? '', page: String(page), limit: String(PAGE), sort: 'oldest' } },
          { init: { signal } },
        )
        const answer: SkiesPageJson = await (await discoveryAnswer(request)).json()
        for (const sky of answer.skies) streaks.set(sky.id, sky.streak)
        page = answer.next
      }
      return streaks
    },
  })
}
