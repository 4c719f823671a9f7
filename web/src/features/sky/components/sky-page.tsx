import { SkyFrame } from '@/components/sky-frame'
import { useDocumentTitle } from '@/components/use-document-title'
import { lazyIsland, WalletIsland } from '@/lib/wallet/shell'
import page from '@/styles/page.module.css'
import styles from './sky-page.module.css'

// The sky is read from the chain: code of its own, fetched with the wallet stack (see WalletIsland).
const SkyBody = lazyIsland(async () => (await import('./sky-body')).SkyBody)

export type SkyPageProps = { skyId: bigint }

/** /sky/:skyId — one sky to share: as the chain draws it, its traits, its owner and its files. No wallet needed. */
export function SkyPage({ skyId }: SkyPageProps) {
  const title = `Night sky #${skyId}`
  useDocumentTitle(title)
  return (
    <WalletIsland load={SkyBody.load} fallback={<SkyLoading title={title} />}>
      <SkyBody skyId={skyId} />
    </WalletIsland>
  )
}

/** The page's frame while the sky is read: its title at once, its image and details to come. */
function SkyLoading({ title }: { title: string }) {
  return (
    <div className={page.page}>
      <header className={styles.intro}>
        <p className={page.kicker}>Drawn and kept on-chain</p>
        <h1 className={page.title}>{title}</h1>
        <p className={styles.owner}>&nbsp;</p>
      </header>
      <div className={styles.layout}>
        <SkyFrame src={undefined} alt="" className={styles.frame}>
          <div className={styles.placeholder} role="status">
            <p>Reading the sky from the chain…</p>
          </div>
        </SkyFrame>
        <section className={styles.panel} aria-label="About this sky">
          <div className={styles.skeleton} aria-hidden="true" />
        </section>
      </div>
    </div>
  )
}
