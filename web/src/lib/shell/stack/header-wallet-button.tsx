import { ConnectButton } from '@rainbow-me/rainbowkit'
import { isAddress } from 'viem'
import { useConfig } from 'wagmi'
import { displayName } from '@/lib/names/display-name'
import { useName } from '@/lib/names/use-name'
import { WalletButton } from '@/lib/wallet/components/wallet-button'
import styles from './header-wallet-button.module.css'

type ShownChain = { name?: string; iconUrl?: string; iconBackground?: string; hasIcon: boolean }

type NamedAccountButtonProps = {
  /** The connected account, while the header shows it (connected, on a supported chain, signed in). */
  address: `0x${string}` | undefined
  chain: ShownChain | undefined
  openAccountModal: () => void
  openChainModal: () => void
}

/**
 * The header's wallet button. RainbowKit looks ENS names up only when Ethereum mainnet is one of the app's chains,
 * which would offer players a network the game is not on; so the app looks the connected account's name up itself
 * (docs/decisions/names.md) and, when it has one, shows it in RainbowKit's place, opening RainbowKit's modals. An
 * account without a name gets RainbowKit's own button.
 */
export function HeaderWalletButton() {
  return (
    <ConnectButton.Custom>
      {({ account, chain, mounted, authenticationStatus, openAccountModal, openChainModal }) => {
        const signedIn = !authenticationStatus || authenticationStatus === 'authenticated'
        const shown = mounted && signedIn && !!chain && !chain.unsupported
        return (
          <NamedAccountButton
            address={shown && account && isAddress(account.address) ? account.address : undefined}
            chain={chain}
            openAccountModal={openAccountModal}
            openChainModal={openChainModal}
          />
        )
      }}
    </ConnectButton.Custom>
  )
}

function NamedAccountButton({ address, chain, openAccountModal, openChainModal }: NamedAccountButtonProps) {
  const name = useName(address)
  // RainbowKit offers the chain button only where there is another chain to switch to.
  const switchable = useConfig().chains.length > 1
  if (!address || !chain || !name?.name) return <WalletButton />
  return (
    <div className={styles.buttons}>
      {switchable && (
        <button type="button" className={styles.button} onClick={openChainModal} aria-label="Chain Selector">
          {chain.hasIcon && chain.iconUrl && (
            <img
              className={styles.chainIcon}
              src={chain.iconUrl}
              alt={chain.name ?? 'Chain icon'}
              style={{ background: chain.iconBackground }}
              width={24}
              height={24}
            />
          )}
          <DropdownIcon />
        </button>
      )}
      <button
        type="button"
        className={`${styles.button} ${name.avatar ? styles.withAvatar : ''}`}
        onClick={openAccountModal}
        data-testid="named-account-button"
        title={address}
      >
        {name.avatar && (
          <img className={styles.avatar} src={name.avatar} alt="" width={24} height={24} referrerPolicy="no-referrer" />
        )}
        <span className={styles.name}>{displayName(address, name.name)}</span>
        <DropdownIcon />
      </button>
    </div>
  )
}

const DropdownIcon = () => (
  <svg width="14" height="8" viewBox="0 0 14 8" aria-hidden="true" focusable="false">
    <path d="M1.5 1.75 7 6.25l5.5-4.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
  </svg>
)
