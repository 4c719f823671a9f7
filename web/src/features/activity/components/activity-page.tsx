import { ButtonLink } from '@/components/button-link'
import { PageIntro } from '@/components/ui/page-intro'
import { Panel } from '@/components/ui/panel'
import { useDocumentTitle } from '@/components/use-document-title'
import { lazyIsland, WalletIsland } from '@/lib/shell'
import page from '@/styles/page.module.css'
import styles from './activity-page.module.css'

// The feed reads the index through the query cache: code of its own, fetched with the wallet stack.
const ActivityFeed = lazyIsland(async () => (await import('@/components/activity/activity-feed')).ActivityFeed)

/** /activity — everything that happens in the game, newest first, as it happens; older events a page at a time. */
export function ActivityPage() {
  useDocumentTitle('Activity')
  return (
    <div className={page.page}>
      <PageIntro
        kicker="Under every sky"
        title="Activity"
        lead="Skies minted, stars revealed, constellations completed, skies dressed and changing hands, as they happen."
      >
        <p className={styles.links}>
          <ButtonLink to="/leaderboard" variant="secondary" size="sm">
            Leaderboard
          </ButtonLink>
          <ButtonLink to="/stargaze?view=everyone" variant="quiet" size="sm">
            Everyone’s skies
          </ButtonLink>
        </p>
      </PageIntro>
      <Panel as="section" aria-label="Latest events" className={styles.panel}>
        <WalletIsland load={ActivityFeed.load} fallback={<p className={styles.waiting}>Reading the latest events…</p>}>
          <ActivityFeed limit={25} older label="Latest events" empty="Nothing has happened in the game yet." />
        </WalletIsland>
      </Panel>
    </div>
  )
}
