import '@rainbow-me/rainbowkit/styles.css'
import './kit-motion.css'
import { RainbowKitProvider, useChainModal, useConnectModal } from '@rainbow-me/rainbowkit'
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useAccount, useConfig, useSwitchChain } from 'wagmi'
import { KitAuthentication } from '@/lib/sign-in/kit-authentication'
import { useSignIn } from '@/lib/sign-in/sign-in-provider'
import { appChains } from '@/lib/wallet/chains'
import { WalletSdkRelease } from '@/lib/wallet/components/wallet-sdk-release'
import { publishKit } from '@/lib/wallet/kit-bridge'
import { HeaderWalletButton } from './header-wallet-button'
import { kitTheme } from './kit-theme'
import { useRecentTransactions } from './recent-transactions'

export { kitFontSteps } from './kit-fonts'

/** Longest wait for wagmi's reconnect before an early press opens the connect modal anyway. */
const RECONNECT_WAIT_MS = 3000

/** Whether wagmi's reconnect on load is over (or has run longer than `RECONNECT_WAIT_MS`). */
function useReconnectSettled(): boolean {
  const config = useConfig()
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
  return settled
}

/**
 * Opens the connect modal for a press on connect that came before the kit — once wagmi's reconnect on mount has
 * finished: opened during the reconnect, the modal would let the wallet SDKs start (the modal releases them).
 */
function EarlyConnect({
  connectRequested,
  takeConnectRequest,
  onConnectRequest,
  settled,
}: Pick<KitLink, 'connectRequested' | 'takeConnectRequest' | 'onConnectRequest'> & { settled: boolean }) {
  const { openConnectModal } = useConnectModal()
  // A press on the shell's button in the moment the kit replaces it comes after the kit has looked for one: each
  // request looks again. Seen in a CI run's trace: the press landed as the kit arrived, and no modal opened.
  const [requests, setRequests] = useState(0)
  useEffect(() => onConnectRequest(() => setRequests((n) => n + 1)), [onConnectRequest])
  // A press made before the kit came: its busy ring has been on screen since, drawn by the shell.
  const [pressedBefore] = useState(connectRequested)
  const answeredFirst = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `requests` changes at each press, which must look again.
  useEffect(() => {
    if (!settled || !openConnectModal) return
    const open = () => {
      answeredFirst.current = true
      if (takeConnectRequest()) openConnectModal()
    }
    // In a task of its own, which lets RainbowKit's own effects of the same commit run first (a change of sign-in
    // status closes its modals), which would close a modal opened right here. For a press made with the kit there,
    // after the next frame as well, which shows the press (the button's busy ring): rendering RainbowKit's modal takes
    // a while at a slow CPU, and nothing would be painted meanwhile. A press made before the kit has shown its ring
    // long since: waiting for a frame only put its modal a frame later (docs/decisions/first-use.md).
    if (pressedBefore && !answeredFirst.current) {
      const timer = setTimeout(open)
      return () => clearTimeout(timer)
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(open)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [settled, openConnectModal, takeConnectRequest, requests])
  return null
}

/**
 * RainbowKit's sign-in modal when a page asks for a session (`useSignIn().request`): its authentication is then on
 * (see `SignInProvider`), so its connect modal is the sign-in for a connected account, and connect-then-sign-in for
 * one that is not. The request ends when the account is signed in or the modal is closed. RainbowKit disconnects a
 * wallet whose sign-in is cancelled; the page keeps what the player was doing (docs/decisions/first-use.md).
 */
function SignInOnDemand() {
  const { requested, endRequest, status } = useSignIn()
  const { openConnectModal, connectModalOpen } = useConnectModal()
  const opened = useRef(false)
  useEffect(() => {
    if (!requested || opened.current || status === 'loading' || !openConnectModal) return
    // A task later: RainbowKit closes its modals as the authentication it was just given turns out signed out.
    const timer = setTimeout(() => {
      opened.current = true
      openConnectModal()
    })
    return () => clearTimeout(timer)
  }, [requested, status, openConnectModal])
  useEffect(() => {
    if (!requested) opened.current = false
    else if (status === 'authenticated' || (opened.current && !connectModalOpen)) endRequest()
  }, [requested, status, connectModalOpen, endRequest])
  return null
}

/** Hands the app what pages ask of RainbowKit (see kit-bridge.ts). */
function KitBridge({ settled }: { settled: boolean }) {
  const { openConnectModal } = useConnectModal()
  const { openChainModal } = useChainModal()
  const { switchChain } = useSwitchChain()
  const addRecentTransaction = useRecentTransactions()
  useEffect(
    () =>
      publishKit({
        openConnectModal,
        connectReady: settled && openConnectModal !== undefined,
        openChainModal,
        switchToDefaultChain: () => switchChain({ chainId: appChains[0].id }),
        addRecentTransaction,
      }),
    [openConnectModal, settled, openChainModal, switchChain, addRecentTransaction],
  )
  useEffect(() => () => publishKit(undefined), [])
  return null
}

/**
 * RainbowKit's account button, in the header's slot, taking over from the shell's button once a wallet is connected.
 * A disconnected player keeps the shell's "Connect Wallet" (of RainbowKit's exact look): its press shows a busy ring
 * in the next frame and opens RainbowKit's modal in the frame after (`EarlyConnect`), where RainbowKit's own button
 * would render the modal before painting anything (docs/decisions/first-use.md).
 */
function HeaderButton({ slot, setKitButtonShown }: { slot: HTMLElement } & Pick<KitLink, 'setKitButtonShown'>) {
  // Connected, or on the way (reconnecting on load, connecting from the modal): RainbowKit's button.
  const account = useAccount().status !== 'disconnected'
  useLayoutEffect(() => {
    setKitButtonShown(account)
    return () => setKitButtonShown(undefined)
  }, [account, setKitButtonShown])
  return account ? createPortal(<HeaderWalletButton />, slot) : null
}

/** What the kit needs of the shell's loader (wallet-loader/), handed in rather than imported back. */
export type KitLink = {
  /** Tells the shell whether the kit's own button is in the header (undefined: the kit is gone). */
  setKitButtonShown: (shown: boolean | undefined) => void
  /** Whether the player pressed connect before the kit was there and is still waiting; asking does not clear it. */
  connectRequested: () => boolean
  /** Whether the player pressed connect before the kit was there; asking clears it. */
  takeConnectRequest: () => boolean
  /** Calls the listener at each such press from now on; returns how to stop. */
  onConnectRequest: (listener: () => void) => () => void
}

export type WalletKitProps = { slot: HTMLElement | null; link: KitLink }

/**
 * RainbowKit with sign-in: its modals, its recent transactions, and its button drawn into the header's slot.
 * Rendered inside the wallet stack beside the page (see `WalletStack`), so its arrival re-renders no page.
 *
 * Memoised: its host re-renders at the page's first interaction, which is often the press on connect itself, and
 * re-rendering RainbowKit's whole tree inside that pointerdown held the press ~60 ms at 4× CPU before the click.
 */
export const WalletKit = memo(function WalletKit({ slot, link }: WalletKitProps) {
  // Once for both that wait on it: the early press and what the bridge tells pages.
  const settled = useReconnectSettled()
  return (
    <KitAuthentication>
      <RainbowKitProvider theme={kitTheme} showRecentTransactions appInfo={{ appName: 'chainellation' }}>
        <WalletSdkRelease />
        <EarlyConnect
          connectRequested={link.connectRequested}
          takeConnectRequest={link.takeConnectRequest}
          onConnectRequest={link.onConnectRequest}
          settled={settled}
        />
        <SignInOnDemand />
        <KitBridge settled={settled} />
        {slot && <HeaderButton slot={slot} setKitButtonShown={link.setKitButtonShown} />}
      </RainbowKitProvider>
    </KitAuthentication>
  )
})
