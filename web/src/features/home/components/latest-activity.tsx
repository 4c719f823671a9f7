import { DiscoveryLinks } from '@/components/discovery-links'
import { Panel } from '@/components/ui/panel'
import { lazyIsland, WalletIsland } from '@/lib/shell'
import styles from './latest-activity.module.css'

// The feed reads the index through the query cache: code of its own, fetched with the wallet stack after the first
// paint, so the home page's first load carries none of it.
const ActivityFeed = lazyIsland(async () => (await import('@/components/activity/activity-feed')).ActivityFeed)

/** The last few things that happened in the game, as they happen, and the way to all of it and to the leaderboard. */
export function LatestActivity() {
  return (
    <section className={styles.section} aria-labelledby="latest-activity">
      <div className={styles.head}>
        <h2 id="latest-activity" className={styles.heading}>
          Tonight under every sky
        </h2>
        <DiscoveryLinks />
      </div>
      <Panel className={styles.panel}>
        <WalletIsland load={ActivityFeed.load} fallback={<p className={styles.waiting}>Reading the latest events…</p>}>
          <ActivityFeed limit={6} label="Latest events" empty="Nothing has happened yet: mint the first sky." />
        </WalletIsland>
      </Panel>
    </section>
  )
}
