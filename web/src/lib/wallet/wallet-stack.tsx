import { useConnectModal } from '@rainbow-me/rainbowkit'
import { memo, type ReactNode, useEffect, useLayoutEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { useAccount, useConfig } from 'wagmi'
import { useSignInStatus } from './components/sign-in-provider'
import { WalletButton } from './components/wallet-button'
import { WalletProviders } from './components/wallet-providers'
import { setDeployment } from './shell/deployment'
import { setWalletStackShown, takeConnectRequest } from './shell/stack-loader'
import { descriptorFor } from './utils/deployment-descriptor'

/** Keeps the shell's deployment descriptor on the connected chain. */
function DeploymentSync() {
  const { chain } = useAccount()
  useEffect(() => setDeployment(descriptorFor(chain?.name)), [chain?.name])
  return null
}

/** Longest wait for wagmi's reconnect before an early press opens the connect modal anyway. */
const RECONNECT_WAIT_MS = 3000

/**
 * Opens the connect modal for a press on the header's button that came before the wallet stack — once wagmi's
 * reconnect on mount has finished and the session is known: opened during the reconnect, the modal would let
 * the wallet SDKs start (the modal releases them), and RainbowKit closes every modal when the session turns
 * out to be signed out.
 */
function EarlyConnect() {
  const config = useConfig()
  const { openConnectModal } = useConnectModal()
  const session = useSignInStatus()
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    // wagmi starts its reconnect while rendering its provider, so by now it is under way or over.
    const busy = (status: string) => status === 'connecting' || status === 'reconnecting'
    if (!busy(config.state.status)) {
      setSettled(true)
      return
    }
    const timer = setTimeout(() => setSettled(true), RECONNECT_WAIT_MS)
    const unsubscribe = config.subscribe(
      (state) => state.status,
      (status) => {
        if (!busy(status)) setSettled(true)
      },
    )
    return () => {
      clearTimeout(timer)
      unsubscribe()
    }
  }, [config])
  useEffect(() => {
    if (!settled || session === 'loading' || !openConnectModal) return
    // A task later: RainbowKit's own effect for the session's arrival (it closes modals) runs after this
    // one in the same commit, and would close a modal opened right here.
    const timer = setTimeout(() => {
      if (takeConnectRequest()) openConnectModal()
    })
    return () => clearTimeout(timer)
  }, [settled, session, openConnectModal])
  return null
}

/** RainbowKit's button, in the header's slot, taking over from the shell's placeholder. */
function HeaderButton({ slot }: { slot: HTMLElement }) {
  useLayoutEffect(() => {
    setWalletStackShown(true)
    return () => setWalletStackShown(false)
  }, [])
  return createPortal(<WalletButton />, slot)
}

export type WalletStackProps = { slot: HTMLElement | null; children: ReactNode }

/**
 * Everything the wallet needs, loaded after the shell has painted: wagmi (auto-reconnect), the persisted query
 * cache, RainbowKit and sign-in around the page, and the wallet button drawn into the header's slot.
 *
 * Memoised, and given a page element that does not change, so that it renders once: wagmi's provider starts a
 * reconnect each time it renders, and a reconnect in the middle of things closes an open modal and lets the
 * wallet SDKs start while the connect modal is open.
 */
export const WalletStack = memo(function WalletStack({ slot, children }: WalletStackProps) {
  return (
    <WalletProviders>
      <DeploymentSync />
      <EarlyConnect />
      {slot && <HeaderButton slot={slot} />}
      {children}
    </WalletProviders>
  )
})
