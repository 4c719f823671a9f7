import { useQuery } from '@tanstack/react-query'
import { fetchLeaderboard, type LeaderboardOrder } from '@/lib/discovery/discovery-api'
import { refetchEvery } from '@/lib/discovery/live'

/** How many collectors the leaderboard shows. */
export const LEADERBOARD_SIZE = 25

/** The collectors who did most, by `by`, kept up to date while the page is visible. */
export function useLeaderboard(by: LeaderboardOrder) {
  return useQuery({
    queryKey: ['discovery', 'leaderboard', by],
    queryFn: ({ signal }) => fetchLeaderboard(by, LEADERBOARD_SIZE, signal),
    refetchInterval: refetchEvery(true),
    gcTime: 0,
  })
}
