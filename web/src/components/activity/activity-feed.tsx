import { type ActivityFilter, sentenceOf } from '@/lib/discovery/discovery-api'
import { useActivity } from '@/lib/discovery/use-activity'
import { useStarCounts } from '@/lib/discovery/use-star-counts'
import { Button } from '../ui/button'
import { Note } from '../ui/note'
import styles from './activity.module.css'
import { ActivityItem } from './activity-item'

export type ActivityFeedProps = {
  filter?: ActivityFilter
  /** Entries a page. */
  limit: number
  /** Offer older entries, a page at a time ("Show older"). */
  older?: boolean
  /** What the feed says when nothing has happened yet. */
  empty: string
  /** The feed's accessible name. */
  label: string
}

/**
 * The game's events as they happen, newest first, in words: live while the page is visible (see `useActivity`). When
 * the index does not answer it says so in a sentence and keeps asking, and what it had stays on screen.
 */
export function ActivityFeed({ filter = {}, limit, older = false, empty, label }: ActivityFeedProps) {
  const feed = useActivity(filter, limit)
  const entries = feed.data?.pages.flatMap((page) => page.activity) ?? []
  const starCounts = useStarCounts(entries.flatMap((e) => (e.kind === 'gaze' && e.skyId !== null ? [e.skyId] : [])))
  if (feed.isPending) {
    return (
      <p className={styles.quiet} role="status">
        Reading the latest events…
      </p>
    )
  }
  return (
    <div className={styles.feed}>
      {feed.error != null && (
        <Note tone="warning" role="status">
          {sentenceOf(feed.error)}
        </Note>
      )}
      {feed.isSuccess && entries.length === 0 && <p className={styles.quiet}>{empty}</p>}
      {entries.length > 0 && (
        <ol className={styles.list} aria-label={label}>
          {entries.map((entry) => (
            <ActivityItem
              key={entry.id}
              entry={entry}
              starCount={entry.skyId === null ? undefined : starCounts.get(entry.skyId)}
            />
          ))}
        </ol>
      )}
      {older && feed.hasNextPage && (
        <Button
          variant="secondary"
          className={styles.older}
          onClick={() => void feed.fetchNextPage()}
          disabled={feed.isFetchingNextPage}
        >
          {feed.isFetchingNextPage ? 'Reading older events…' : 'Show older'}
        </Button>
      )}
    </div>
  )
}
