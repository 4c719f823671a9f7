import { useConnectModal } from '@rainbow-me/rainbowkit'
import { useEffect } from 'react'
import { allowWalletSdks } from '../utils/wallet-sdk-gate'

/** Lets the remote wallet SDKs start once the player opens the connect modal (see `gateWalletSdk`). */
export function WalletSdkRelease() {
  const { connectModalOpen } = useConnectModal()
  useEffect(() => {
    if (connectModalOpen) allowWalletSdks()
  }, [connectModalOpen])
  return null
}
