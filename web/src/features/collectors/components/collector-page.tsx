import type { Address } from 'viem'
import { CopyAddressButton } from '@/components/account/copy-address-button'
import { ButtonLink } from '@/components/button-link'
import { PageIntro } from '@/components/ui/page-intro'
import { useDocumentTitle } from '@/components/use-document-title'
import { displayName } from '@/lib/names/display-name'
import { lazyIsland, WalletIsland } from '@/lib/shell'
import page from '@/styles/page.module.css'
import styles from './collector-page.module.css'

// What the page reads from the index and the chain: code of its own, fetched with the wallet stack.
const CollectorName = lazyIsland(async () => (await import('./collector-name')).CollectorName)
const CollectorView = lazyIsland(async () => (await import('./collector-view')).CollectorView)

/** /collector/:address — an account's skies and what it has done: its figures, its skies, its latest events. */
export function CollectorPage({ address }: { address: Address }) {
  const short = displayName(address)
  useDocumentTitle(`Collector ${short}`)
  return (
    <div className={page.page}>
      <PageIntro
        kicker="Collector"
        title={
          <WalletIsland inline load={CollectorName.load} fallback={short}>
            <CollectorName address={address} />
          </WalletIsland>
        }
      >
        <p className={styles.address}>
          <span>{address}</span>
          <CopyAddressButton address={address} className={styles.copy} />
        </p>
        <p className={styles.links}>
          <ButtonLink to="/leaderboard" variant="secondary" size="sm">
            Leaderboard
          </ButtonLink>
          <ButtonLink to="/activity" variant="quiet" size="sm">
            All activity
          </ButtonLink>
        </p>
      </PageIntro>
      <WalletIsland load={CollectorView.load} fallback={<p className={styles.waiting}>Reading this collector…</p>}>
        <CollectorView address={address} />
      </WalletIsland>
    </div>
  )
}
