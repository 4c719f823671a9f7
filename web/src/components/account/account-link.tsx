import { Link } from 'react-router'
import type { AccountName } from '@/lib/names/name-api'
import styles from './account.module.css'
import { AccountIdentity } from './account-identity'

export type AccountLinkProps = { address: `0x${string}`; name?: AccountName }

/** An account as it reads (its ENS name and avatar once known), linking to its collector page. */
export function AccountLink({ address, name }: AccountLinkProps) {
  return (
    <Link to={collectorPath(address)} className={styles.link}>
      <AccountIdentity address={address} name={name} />
    </Link>
  )
}

/** The page of the collector at `address`. */
export const collectorPath = (address: string) => `/collector/${address}`
