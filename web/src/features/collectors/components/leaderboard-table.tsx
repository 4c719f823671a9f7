import { NamedAccountLink } from '@/components/account/named-account-link'
import { IndexReadNote } from '@/components/index-read-note'
import type { LeaderboardOrder } from '@/lib/discovery/discovery-api'
import { useLeaderboard } from '../hooks/use-leaderboard'
import styles from './leaderboard-page.module.css'

/** What each ranking is of, for its caption and when it is empty. */
const RANKED: Record<LeaderboardOrder, { of: string; none: string }> = {
  completed: { of: 'constellations completed', none: 'No constellation has been completed yet.' },
  gazes: { of: 'gazes', none: 'Nobody has gazed yet.' },
  streak: { of: 'longest streak now', none: 'No streak stands right now: a sky gazed tonight starts one.' },
}

/**
 * The leaderboard's rows: rank, collector (linking to its page), constellations completed and gazes, and in the
 * ranking by streak, the longest run among the collector's skies that still stands.
 */
export function LeaderboardTable({ by }: { by: LeaderboardOrder }) {
  const { data, error } = useLeaderboard(by)
  if (!data) return <IndexReadNote error={error} reading="Reading the ranking…" />
  if (data.collectors.length === 0) {
    return <p className={styles.waiting}>{RANKED[by].none}</p>
  }
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">Collectors by {RANKED[by].of}</caption>
      <thead>
        <tr>
          <th scope="col">
            {/* "#" to the eye, leaving the collector's column the room on a phone; "Rank" to a screen reader. */}
            <span aria-hidden="true">#</span>
            <span className="visually-hidden">Rank</span>
          </th>
          <th scope="col">Collector</th>
          <th scope="col" aria-sort={by === 'completed' ? 'descending' : undefined}>
            Completed
          </th>
          <th scope="col" aria-sort={by === 'gazes' ? 'descending' : undefined}>
            Gazes
          </th>
          {by === 'streak' && (
            <th scope="col" aria-sort="descending">
              Streak
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {data.collectors.map((collector, i) => (
          <tr key={collector.address}>
            <td className={styles.rank}>{i + 1}</td>
            <td>
              <NamedAccountLink address={collector.address} />
            </td>
            <td className={by === 'completed' ? styles.ranked : styles.figure}>{collector.completions}</td>
            <td className={by === 'gazes' ? styles.ranked : styles.figure}>{collector.gazes}</td>
            {by === 'streak' && (
              <td className={styles.ranked}>
                {collector.streak} {collector.streak === 1 ? 'night' : 'nights'}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
