import type { ActivityJson } from '@chainellation/indexer/json'
import { Link } from 'react-router'
import { NamedAccountLink } from '@/components/account/named-account-link'
import { activitySentence } from '@/lib/discovery/activity-words'
import styles from './activity.module.css'
import { RelativeTime } from './relative-time'

export type ActivityItemProps = { entry: ActivityJson; starCount?: number }

/** One game event in words, its accounts and sky linked, and when it happened. */
export function ActivityItem({ entry, starCount }: ActivityItemProps) {
  const sentence = activitySentence(entry, starCount)
  return (
    <li className={styles.item} data-kind={entry.kind}>
      <span className={styles.icon} aria-hidden="true">
        {ICONS[entry.kind]}
      </span>
      <p className={styles.sentence}>
        {sentence.map((part, i) => {
          const key = `${i}`
          if (typeof part === 'string') return <span key={key}>{part}</span>
          if (part.slot === 'sky') {
            return entry.skyId === null ? null : (
              <Link key={key} to={`/sky/${entry.skyId}`} className={styles.sky}>
                Night sky #{entry.skyId}
              </Link>
            )
          }
          const address = part.slot === 'account' ? entry.account : entry.recipient
          return address && <NamedAccountLink key={key} address={address} />
        })}
      </p>
      <RelativeTime at={entry.timestamp} className={styles.time} />
    </li>
  )
}

const ICONS: Record<ActivityJson['kind'], string> = {
  mint: '✦',
  gaze: '☆',
  completed: '★',
  transfer: '⇄',
  layers: '◐',
  decoration: '◆',
}
