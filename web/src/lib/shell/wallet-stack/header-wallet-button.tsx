import { useAccountModal, useChainModal } from '@rainbow-me/rainbowkit'
import { useAccount, useConfig } from 'wagmi'
import { displayName } from '@/lib/names/display-name'
import { useName } from '@/lib/names/use-name'
import { useSignIn, useSignInStatus } from '@/lib/sign-in/sign-in-provider'
import { WalletButton } from '@/lib/wallet/components/wallet-button'
import styles from './header-wallet-button.module.css'

type NamedAccountButtonProps = {
  /** The connected account, while the header shows it (connected, on a supported chain, signed in). */
  address: `0x${string}` | undefined
  chainName: string | undefined
  openAccountModal: (() => void) | undefined
  openChainModal: (() => void) | undefined
}

/**
 * The header's wallet button. RainbowKit looks ENS names up only when Ethereum mainnet is one of the app's chains,
 * which would offer players a network the game is not on; so the app looks the connected account's name up itself
 * (docs/decisions/names.md) and, when it has one, shows it in RainbowKit's place, opening RainbowKit's modals. An
 * account without a name gets RainbowKit's own button. (Not `ConnectButton.Custom`: it reads the account's balance,
 * which the header never shows, unless RainbowKit's own button has said not to first.)
 */
export function HeaderWalletButton() {
  const { address, chain, isConnected } = useAccount()
  const status = useSignInStatus()
  const { enabled } = useSignIn()
  const { openAccountModal } = useAccountModal()
  const { openChainModal } = useChainModal()
  // As RainbowKit shows the account: connected, on one of the app's chains, signed in where sign-in is on (while a
  // page asks for a sign-in, and while signed in).
  const shown = isConnected && !!chain && (!enabled || status === 'authenticated')
  return (
    <div className={styles.buttons}>
      {shown && status === 'authenticated' && <SignedInMark />}
      <NamedAccountButton
        address={shown ? address : undefined}
        chainName={chain?.name}
        openAccountModal={openAccountModal}
        openChainModal={openChainModal}
      />
    </div>
  )
}

/**
 * Beside the account: the player is signed in to the game's server too (their drafts are open to them). Connecting
 * alone does not sign in; saving or opening a draft asks for it (docs/decisions/first-use.md).
 */
function SignedInMark() {
  return (
    <span className={styles.signedIn} title="Signed in: your drafts are open to you" data-testid="signed-in">
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="m3.5 8.5 3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className={styles.signedInText}>Signed in</span>
    </span>
  )
}

function NamedAccountButton({ address, chainName, openAccountModal, openChainModal }: NamedAccountButtonProps) {
  const name = useName(address)
  // RainbowKit offers the chain button only where there is another chain to switch to.
  const switchable = useConfig().chains.length > 1
  if (!address || !name?.name) return <WalletButton />
  return (
    <>
      {switchable && (
        <button type="button" className={styles.button} onClick={openChainModal}>
          {chainName}
          <span className="visually-hidden"> (switch network)</span>
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
    </>
  )
}

const DropdownIcon = () => (
  <svg width="14" height="8" viewBox="0 0 14 8" aria-hidden="true" focusable="false">
    <path d="M1.5 1.75 7 6.25l5.5-4.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
  </svg>
)
