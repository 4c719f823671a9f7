import { Panel } from '@/components/ui/panel'
import { lazyIsland, WalletIsland } from '@/lib/shell'
import styles from './sky-page.module.css'

// The feed reads the index through the query cache: code of its own, fetched with the wallet stack.
const ActivityFeed = lazyIsland(async () => (await import('@/components/activity/activity-feed')).ActivityFeed)

/** What has happened to the sky, newest first and as it happens: its mint, gazes, decorations and owners. */
export function SkyHistory({ skyId }: { skyId: bigint }) {
  return (
    <Panel as="section" aria-labelledby="sky-history" className={styles.history}>
      <h2 id="sky-history" className={styles.historyTitle}>
        History
      </h2>
      <WalletIsland load={ActivityFeed.load} fallback={<p className={styles.historyWaiting}>Reading its history…</p>}>
        <ActivityFeed
          filter={{ skyId: Number(skyId) }}
          limit={10}
          older
          label={`Night sky #${skyId}’s history`}
          empty="Nothing has happened to this sky yet."
        />
      </WalletIsland>
    </Panel>
  )
}
