import { displayName } from '@/lib/names/display-name'
import type { AccountName } from '@/lib/names/name-api'
import styles from './account.module.css'

export type AccountIdentityProps = { address: `0x${string}`; name?: AccountName }

/**
 * An account as it reads: its ENS avatar and name once known, else its address's first and last four. The avatar is
 * someone else's picture, shown only as an image (`<img>`: never markup of the page), and tells its host nothing of
 * this page.
 */
export function AccountIdentity({ address, name }: AccountIdentityProps) {
  const label = displayName(address, name?.name)
  return (
    <span className={styles.identity} title={name?.name ? `${name.name} (${address})` : address} data-testid="account">
      {name?.avatar && (
        <img className={styles.avatar} src={name.avatar} alt="" width={20} height={20} referrerPolicy="no-referrer" />
      )}
      <span className={name?.name ? styles.name : styles.address}>{label}</span>
    </span>
  )
}
