import { useSearchParams } from 'react-router'
import { ButtonLink } from '@/components/button-link'
import { PageIntro } from '@/components/ui/page-intro'
import { Panel } from '@/components/ui/panel'
import { TabLinks } from '@/components/ui/tab-links'
import { useDocumentTitle } from '@/components/use-document-title'
import { useBrowserValue } from '@/hooks/use-hydrated'
import type { LeaderboardOrder } from '@/lib/discovery/discovery-api'
import { lazyIsland, WalletIsland } from '@/lib/shell'
import page from '@/styles/page.module.css'
import styles from './leaderboard-page.module.css'

// The ranking reads the index through the query cache: code of its own, fetched with the wallet stack.
const LeaderboardTable = lazyIsland(async () => (await import('./leaderboard-table')).LeaderboardTable)

/** The orders the leaderboard offers, as their tabs read. */
const ORDERS: readonly { by: LeaderboardOrder; label: string }[] = [
  { by: 'completed', label: 'Most constellations' },
  { by: 'gazes', label: 'Most gazes' },
  { by: 'streak', label: 'Longest streak now' },
]

/**
 * /leaderboard — the collectors who completed the most constellations, or (`?by=gazes`) who gazed most, or
 * (`?by=streak`) whose skies' nights in a row run longest now.
 */
export function LeaderboardPage() {
  const [params] = useSearchParams()
  // The build's HTML is the page without a query: a shared link to the gazes ranking turns to it once hydrated.
  // As a value, not a hydrated flag: a plain link renders the page once, not again at once after hydration.
  const asked = useBrowserValue(
    ORDERS.find((order) => order.by === params.get('by')),
    undefined,
  )
  const by: LeaderboardOrder = asked?.by ?? 'completed'
  useDocumentTitle('Leaderboard')
  return (
    <div className={page.page}>
      <PageIntro
        kicker="The keenest stargazers"
        title="Leaderboard"
        lead="Who has drawn the most constellations in full, who gazes most, and who has kept the most nights in a row."
      >
        <p>
          <ButtonLink to="/activity" variant="quiet" size="sm">
            See the latest activity
          </ButtonLink>
        </p>
      </PageIntro>
      <TabLinks
        label="Rank by"
        className={styles.tabs}
        tabs={ORDERS.map((order) => ({
          to: order.by === 'completed' ? '/leaderboard' : `/leaderboard?by=${order.by}`,
          label: order.label,
          current: order.by === by,
        }))}
      />
      <Panel as="section" aria-label="Ranking" className={styles.panel}>
        <WalletIsland load={LeaderboardTable.load} fallback={<p className={styles.waiting}>Reading the ranking…</p>}>
          <LeaderboardTable by={by} />
        </WalletIsland>
      </Panel>
    </div>
  )
}
