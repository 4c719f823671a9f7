import { NamedAccountLink } from '@/components/account/named-account-link'
import { IndexReadNote } from '@/components/index-read-note'
import type { LeaderboardOrder } from '@/lib/discovery/discovery-api'
import { useLeaderboard } from '../hooks/use-leaderboard'
import styles from './leaderboard-page.module.css'

/** The leaderboard's rows: rank, collector (linking to its page), constellations completed and gazes. */
export function LeaderboardTable({ by }: { by: LeaderboardOrder }) {
  const { data, error } = useLeaderboard(by)
  if (!data) return <IndexReadNote error={error} reading="Reading the ranking…" />
  if (data.collectors.length === 0) {
    return (
      <p className={styles.waiting}>
        {by === 'completed' ? 'No constellation has been completed yet.' : 'Nobody has gazed yet.'}
      </p>
    )
  }
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">
        Collectors by {by === 'completed' ? 'constellations completed' : 'gazes'}
      </caption>
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
          </tr>
        ))}
      </tbody>
    </table>
  )
}
