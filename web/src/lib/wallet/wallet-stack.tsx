import { memo, useEffect, useState } from 'react'
import { useAccount } from 'wagmi'
import { WalletProviders } from './components/wallet-providers'
import { setDeployment } from './shell/deployment'
import { Islands } from './shell/island-host'
import { useWalletKit, wantsWalletAtOnce } from './shell/stack-loader'
import { useInteracted } from './shell/use-interacted'
import { descriptorFor } from './utils/deployment-descriptor'

/** Keeps the shell's deployment descriptor on the connected chain. */
function DeploymentSync() {
  const { chain } = useAccount()
  useEffect(() => setDeployment(descriptorFor(chain?.name)), [chain?.name])
  return null
}

/**
 * RainbowKit, beside the page rather than around it: fetched on the first interaction (or at once for a returning
 * wallet user or inside a Safe, whose account the header shows), and rendered without touching the page.
 */
function KitHost({ slot }: { slot: HTMLElement | null }) {
  const [atOnce] = useState(wantsWalletAtOnce)
  const interacted = useInteracted()
  const kit = useWalletKit(atOnce || interacted)
  return kit ? <kit.WalletKit slot={slot} /> : null
}

export type WalletStackProps = { slot: HTMLElement | null }

/**
 * What pages read the chain with, loaded after the shell has painted: wagmi (auto-reconnect), the persisted query
 * cache and the API session, around the pages' wallet islands and the wallet kit (RainbowKit) once wanted. It
 * renders beside the page, which never waits for it.
 *
 * Memoised so that its providers render once: wagmi's provider starts a reconnect each time it renders, and a
 * reconnect in the middle of things closes an open modal and lets the wallet SDKs start while the connect modal is
 * open. Islands and the kit re-render on their own.
 */
export const WalletStack = memo(function WalletStack({ slot }: WalletStackProps) {
  return (
    <WalletProviders>
      <DeploymentSync />
      <Islands />
      <KitHost slot={slot} />
    </WalletProviders>
  )
})
