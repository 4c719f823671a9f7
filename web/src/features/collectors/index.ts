export { CollectorPage } from './components/collector-page'
export { LeaderboardPage } from './components/leaderboard-page'
