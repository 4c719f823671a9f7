import type { SkyMetadata } from '@/lib/game/token-uri'
import { NamedAccountLink } from './account/named-account-link'
import { SkyThumb } from './sky-thumb'
import styles from './sky-tile.module.css'
import { Card } from './ui/card'
import { CardMainLink } from './ui/card-link'

export type SkyTileProps = {
  id: bigint
  /** Its chain-drawn image and traits once read. */
  meta: SkyMetadata | undefined
  /** The chain did not return its image. */
  failed: boolean
  /** Lines under its title, each different: progress, time zone and the like. */
  details: readonly string[]
  /** Who holds it, shown (by ENS name once looked up) linking to their collector page. Inside a wallet island only. */
  owner?: `0x${string}`
}

/**
 * A sky in a grid of skies: its picture, number and details linking to its page, and its owner linking to theirs.
 * The card is named "Night sky #N" whatever it holds, so that it reads, and is found, by its number.
 */
export function SkyTile({ id, meta, failed, details, owner }: SkyTileProps) {
  return (
    <Card className={styles.tile} aria-label={`Night sky #${id}`}>
      <CardMainLink to={`/sky/${id}`} className={styles.link}>
        <SkyThumb id={id} meta={meta} failed={failed} />
        <span className={styles.body}>
          <span className={styles.title}>Night sky #{id.toString()}</span>
          {details.map((line) => (
            <span key={line} className={styles.detail}>
              {line}
            </span>
          ))}
        </span>
      </CardMainLink>
      {owner && (
        <p className={styles.owner}>
          <span className={styles.ownerLabel}>Owner</span>
          <NamedAccountLink address={owner} />
        </p>
      )}
    </Card>
  )
}
