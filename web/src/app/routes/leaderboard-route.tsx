export { LeaderboardPage as LeaderboardRoute } from '@/features/collectors'
