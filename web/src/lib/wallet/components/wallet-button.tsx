import { ConnectButton } from '@rainbow-me/rainbowkit'

/** The connect button: compact everywhere, chain icon and address on wide screens, never the balance. */
export function WalletButton() {
  return (
    <ConnectButton
      showBalance={false}
      chainStatus={{ smallScreen: 'icon', largeScreen: 'icon' }}
      accountStatus={{ smallScreen: 'avatar', largeScreen: 'address' }}
    />
  )
}
