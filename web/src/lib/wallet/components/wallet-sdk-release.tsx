import { useConnectModal } from '@rainbow-me/rainbowkit'
import { useEffect } from 'react'
import { wantKitPictures } from '../kit-bridge'
import { allowWalletSdks } from '../utils/wallet-sdk-gate'

/**
 * Lets the remote wallet SDKs start once the player opens the connect modal (see `gateWalletSdk`), and RainbowKit's
 * pictures come if nothing asked for them before (see `kitPicture`).
 */
export function WalletSdkRelease() {
  const { connectModalOpen } = useConnectModal()
  useEffect(() => {
    if (!connectModalOpen) return
    allowWalletSdks()
    wantKitPictures()
  }, [connectModalOpen])
  return null
}
