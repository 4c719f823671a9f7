import type { AccountName } from '@/lib/names/name-api'
import { appChain, explorerAddressUrl } from '@/lib/wallet/utils/explorer'
import { Icon } from '../ui/icon'
import styles from './account.module.css'
import { AccountLink } from './account-link'
import { CopyAddressButton } from './copy-address-button'

export type AccountAddressProps = {
  address: `0x${string}`
  /** The chain the account was read on, for its block explorer's page. */
  chainId: number
  /** Its ENS name and avatar, once a wallet island has looked them up (`useName`). */
  name?: AccountName
}

/**
 * An account shown on a page: its address's first and last four at once, its ENS name and avatar once looked up
 * (docs/decisions/names.md), linking to its collector page, a button copying the whole address, and its page on the chain's block explorer.
 */
export function AccountAddress({ address, chainId, name }: AccountAddressProps) {
  const chain = appChain(chainId)
  const explorer = explorerAddressUrl(chain, address)
  return (
    <span className={styles.account}>
      <AccountLink address={address} name={name} />
      <CopyAddressButton address={address} />
      {explorer && (
        <a
          className={styles.action}
          href={explorer}
          target="_blank"
          rel="noopener noreferrer"
          title={`View on ${chain?.blockExplorers?.default.name}`}
        >
          <span className="visually-hidden">View the account on {chain?.blockExplorers?.default.name}</span>
          <Icon size={14}>
            <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
          </Icon>
        </a>
      )}
    </span>
  )
}
