import { ConnectButton } from '@rainbow-me/rainbowkit'
import { useAccount } from 'wagmi'

/**
 * The connect button: compact everywhere, chain icon and address on wide screens, never the balance. A wallet
 * connected but not signed in (a Safe that connected by itself in Safe{Wallet}, a session that ran out) is
 * offered "Sign in" rather than "Connect Wallet", which would not be true.
 */
export function WalletButton() {
  const { isConnected } = useAccount()
  return (
    <ConnectButton
      label={isConnected ? 'Sign in' : 'Connect Wallet'}
      showBalance={false}
      chainStatus={{ smallScreen: 'icon', largeScreen: 'icon' }}
      accountStatus={{ smallScreen: 'avatar', largeScreen: 'address' }}
    />
  )
}
