import { ButtonLink } from '@/components/button-link'
import { SkyFrame } from '@/components/sky-frame'
import { Button } from '@/components/ui/button'
import { traitOf, useSkyMetadata } from '@/lib/game'
import { TransactionLinkOn } from '@/lib/wallet'
import page from '@/styles/page.module.css'
import type { Minted } from './mint-actions'
import styles from './mint-success.module.css'

export type MintSuccessProps = Minted & { onMintAnother: () => void }

/** The minted sky as the chain draws it, and where to go with it. */
export function MintSuccess({ skyId, chainId, hash, onMintAnother }: MintSuccessProps) {
  const { data: meta, error } = useSkyMetadata(skyId)
  return (
    <section className={styles.success} aria-labelledby="minted-title">
      <SkyFrame src={meta?.image} alt={meta ? `${meta.name}, as the chain draws it` : ''} className={styles.frame}>
        {!meta && (
          <p className={styles.loading} role="status">
            {error
              ? 'The chain did not return the sky’s image; it will show on the Stargaze page.'
              : 'Drawing your sky…'}
          </p>
        )}
      </SkyFrame>
      <div className={styles.text}>
        <p className={page.kicker}>Minted</p>
        <h2 id="minted-title" className={styles.title}>
          Night sky #{skyId.toString()} is yours
        </h2>
        <p className={styles.lead}>
          The image above is drawn by the contract itself. Come back when night falls over it to stargaze: each night
          reveals one more star of its constellation.
        </p>
        <p className={styles.lead}>
          <TransactionLinkOn chainId={chainId} hash={hash} />
        </p>
        {meta && traitOf(meta, 'Time') === 'Day' && (
          <p className={styles.lead}>It is day over your sky right now; its stars come out at 18:00 there.</p>
        )}
        <div className={styles.actions}>
          <ButtonLink to="/stargaze">Stargaze it</ButtonLink>
          <ButtonLink to={`/compose/${skyId}`} variant="secondary">
            Compose it
          </ButtonLink>
        </div>
        <Button variant="text" className={styles.again} onClick={onMintAnother}>
          Mint another sky
        </Button>
      </div>
    </section>
  )
}
