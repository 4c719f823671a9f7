import type { ReactNode } from 'react'
import { AccountAddress } from '@/components/account/account-address'
import { ButtonLink } from '@/components/button-link'
import { PagePanel } from '@/components/page-panel'
import { ShareButton } from '@/components/share-button'
import { SkyAttributes } from '@/components/sky-attributes'
import { SkyDownloads } from '@/components/sky-downloads'
import { SkyFrame } from '@/components/sky-frame'
import { Button } from '@/components/ui/button'
import { Panel } from '@/components/ui/panel'
import { skyFileBase } from '@/lib/game/download'
import page from '@/styles/page.module.css'
import type { SkyRead } from '../utils/sky-read'
import styles from './sky-page.module.css'

export type SkyViewProps = {
  read: SkyRead
  history?: ReactNode
  streak?: ReactNode
  /** Shown to its owner only: the reminder of its nights. */
  reminder?: ReactNode
}

/** A sky as the chain draws it, with its traits, owner, files and `history`; a way on when there is no such sky. */
export function SkyView({ read, history, streak, reminder }: SkyViewProps) {
  const { skyId, deployed, missing, meta, owner, yours, failed, retry, retrying } = read
  const title = `Night sky #${skyId}`
  const image = meta?.image ?? read.picture

  if (!deployed || missing) {
    return (
      <PagePanel title={title} action={<ButtonLink to="/mint">Mint a night sky</ButtonLink>}>
        <p>{deployed ? `There is no night sky #${skyId} yet.` : 'The game is not deployed on this network yet.'}</p>
        {deployed && <p>Its number is still free: the next skies minted take the numbers in turn.</p>}
      </PagePanel>
    )
  }

  return (
    <div className={page.page}>
      <header className={styles.intro}>
        <p className={page.kicker}>Drawn and kept on-chain</p>
        <h1 className={page.title}>{title}</h1>
        {owner ? (
          <p className={styles.owner}>
            Held by{' '}
            <span data-testid="sky-owner">
              <AccountAddress
                address={owner}
                chainId={read.chainId}
                name={read.ownerName?.address === owner ? read.ownerName : undefined}
              />
            </span>
            {yours && <span className={styles.you}>you</span>}
          </p>
        ) : (
          <p className={styles.owner}>&nbsp;</p>
        )}
      </header>
      <div className={styles.layout}>
        <SkyFrame src={image} alt={image ? `${title}, as the chain draws it` : ''} className={styles.frame}>
          {!image && (
            <div className={styles.placeholder} role="status">
              {failed ? (
                <>
                  <p>The chain did not answer; the sky will show when it does.</p>
                  <Button variant="secondary" size="sm" onClick={retry} disabled={retrying || !retry}>
                    Try again
                  </Button>
                </>
              ) : (
                <p>Reading the sky from the chain…</p>
              )}
            </div>
          )}
        </SkyFrame>
        <Panel as="section" className={styles.panel} aria-label="About this sky">
          {meta ? (
            <>
              <p className={styles.description}>{meta.description}</p>
              {streak}
              {yours && reminder}
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
            <ShareButton path={`/sky/${skyId}`} title={title} />
          </div>
        </Panel>
      </div>
      {history}
    </div>
  )
}
