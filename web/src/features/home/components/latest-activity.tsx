import { DiscoveryLinks } from '@/components/discovery-links'
import { Panel } from '@/components/ui/panel'
import { useNearViewport } from '@/hooks/use-near-viewport'
import { lazyIsland, WalletIsland } from '@/lib/shell'
import styles from './latest-activity.module.css'

// The feed reads the index through the query cache: code of its own, fetched with the wallet stack. The section is
// below the fold, so it asks for them only as it comes near: the home page's first load carries none of it.
const ActivityFeed = lazyIsland(async () => (await import('@/components/activity/activity-feed')).ActivityFeed)

/** The last few things that happened in the game, as they happen, and the way to all of it and to the leaderboard. */
export function LatestActivity() {
  const [ref, near] = useNearViewport<HTMLElement>('200px')
  const waiting = <p className={styles.waiting}>Reading the latest events…</p>
  return (
    <section ref={ref} className={styles.section} aria-labelledby="latest-activity">
      <div className={styles.head}>
        <h2 id="latest-activity" className={styles.heading}>
          Tonight under every sky
        </h2>
        <DiscoveryLinks />
      </div>
      <Panel className={styles.panel}>
        {near ? (
          <WalletIsland load={ActivityFeed.load} fallback={waiting}>
            <ActivityFeed limit={6} label="Latest events" empty="Nothing has happened yet: mint the first sky." />
          </WalletIsland>
        ) : (
          waiting
        )}
      </Panel>
    </section>
  )
}
