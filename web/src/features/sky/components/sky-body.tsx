import { useAccount } from 'wagmi'
import { ButtonLink } from '@/components/button-link'
import { PagePanel } from '@/components/page-panel'
import { SkyAttributes } from '@/components/sky-attributes'
import { SkyDownloads } from '@/components/sky-downloads'
import { SkyFrame } from '@/components/sky-frame'
import { useDocumentTitle } from '@/components/use-document-title'
import { useGameChain, useSkyMetadata } from '@/lib/game'
import { skyFileBase } from '@/lib/game/download'
import page from '@/styles/page.module.css'
import { useSkyOwner } from '../hooks/use-sky-owner'
import { isNonexistentSky, shortAddress } from '../utils/sky-read'
import styles from './sky-page.module.css'

export type SkyBodyProps = { skyId: bigint }

/** A sky as the chain draws it, with its traits, owner and files (see `SkyPage`). */
export function SkyBody({ skyId }: SkyBodyProps) {
  const title = `Night sky #${skyId}`
  useDocumentTitle(title)
  const { deployed } = useGameChain()
  const { data: meta, error, refetch, isRefetching } = useSkyMetadata(skyId)

  if (!deployed || isNonexistentSky(error)) {
    return (
      <PagePanel title={title}>
        <p>{deployed ? `There is no night sky #${skyId} yet.` : 'The game is not deployed on this network yet.'}</p>
        {deployed && <p>Its number is still free: the next skies minted take the numbers in turn.</p>}
        <p className={styles.panelAction}>
          <ButtonLink to="/mint">Mint a night sky</ButtonLink>
        </p>
      </PagePanel>
    )
  }

  return (
    <div className={page.page}>
      <header className={styles.intro}>
        <p className={page.kicker}>Drawn and kept on-chain</p>
        <h1 className={page.title}>{title}</h1>
        <Owner skyId={skyId} />
      </header>
      <div className={styles.layout}>
        <SkyFrame src={meta?.image} alt={meta ? `${title}, as the chain draws it` : ''} className={styles.frame}>
          {!meta && (
            <div className={styles.placeholder} role="status">
              {error ? (
                <>
                  <p>The chain did not answer; the sky will show when it does.</p>
                  <button type="button" className={styles.retry} onClick={() => refetch()} disabled={isRefetching}>
                    Try again
                  </button>
                </>
              ) : (
                <p>Reading the sky from the chain…</p>
              )}
            </div>
          )}
        </SkyFrame>
        <section className={styles.panel} aria-label="About this sky">
          {meta ? (
            <>
              <p className={styles.description}>{meta.description}</p>
              <SkyAttributes meta={meta} />
              <SkyDownloads src={meta.image} fileName={skyFileBase(skyId)} />
            </>
          ) : (
            <div className={styles.skeleton} aria-hidden="true" />
          )}
          <div className={styles.actions}>
            <ButtonLink to="/stargaze">Stargaze</ButtonLink>
            <ButtonLink to={`/compose/${skyId}`} variant="secondary">
              Compose it
            </ButtonLink>
          </div>
        </section>
      </div>
    </div>
  )
}

/** Who holds the sky, shortened the way wallets show addresses; "you" when it is the connected account. */
function Owner({ skyId }: { skyId: bigint }) {
  const { address } = useAccount()
  const { data: owner } = useSkyOwner(skyId)
  if (!owner) return <p className={styles.owner}>&nbsp;</p>
  const yours = owner.toLowerCase() === address?.toLowerCase()
  return (
    <p className={styles.owner}>
      Held by{' '}
      <span className={styles.address} title={owner} data-testid="sky-owner">
        {shortAddress(owner)}
      </span>
      {yours && <span className={styles.you}>you</span>}
    </p>
  )
}
