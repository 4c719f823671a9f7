import { memo, type ReactNode, useEffect, useState } from 'react'
import { useAccount } from 'wagmi'
import { useSignIn } from '@/lib/sign-in/sign-in-provider'
import { getWagmiConfig } from '@/lib/wallet/config'
import { descriptorFor } from '@/lib/wallet/utils/deployment-descriptor'
import { Notifications } from '@/lib/wallet/write/toaster'
import { setDeployment } from '../deployment'
import { Islands } from '../island-host'
import type { KitLink, WalletKitProps } from './wallet-kit'
import { WalletProviders } from './wallet-providers'

/** Keeps the shell's deployment descriptor on the connected chain. */
function DeploymentSync() {
  const { chain } = useAccount()
  useEffect(() => setDeployment(descriptorFor(chain?.name)), [chain?.name])
  return null
}

/**
 * RainbowKit, beside the page rather than around it: fetched on the first interaction (`WalletRoot`), when a page asks the player
 * to sign in, or at once for a returning wallet user or inside a Safe (whose account the header shows), and
 * rendered without touching the page. The shell also warms it up once the page has gone quiet (wallet-loader/).
 */
function KitHost({ slot, link }: WalletStackProps) {
  const [atOnce] = useState(link.wantsWalletAtOnce)
  const { requested } = useSignIn()
  const kit = link.useWalletKit(atOnce || requested)
  return kit ? <kit.WalletKit slot={slot} link={link} /> : null
}

/** What the stack needs of the shell's loader (wallet-loader/), handed in as a prop rather than imported. */
export type ShellLink = KitLink & {
  /** The kit's module once it has loaded; starts loading it while `wanted`. */
  useWalletKit: (wanted: boolean) => { WalletKit: (props: WalletKitProps) => ReactNode } | undefined
  /** Whether to fetch the kit straight away (a returning wallet user, or inside a Safe). */
  wantsWalletAtOnce: () => boolean
}

export type WalletStackProps = { slot: HTMLElement | null; link: ShellLink }

/**
 * What pages read the chain with, loaded after the shell has painted: wagmi (auto-reconnect), the persisted query
 * cache and the API session, around the pages' wallet islands and the wallet kit (RainbowKit) once wanted. It
 * renders beside the page, which never waits for it.
 *
 * Memoised so that its providers render once: wagmi's provider starts a reconnect each time it renders, and a
 * reconnect in the middle of things closes an open modal and lets the wallet SDKs start while the connect modal is
 * open. Islands and the kit re-render on their own.
 */
export const WalletStack = memo(function WalletStack({ slot, link }: WalletStackProps) {
  return (
    <WalletProviders>
      <DeploymentSync />
      <Islands />
      <Notifications />
      <KitHost slot={slot} link={link} />
    </WalletProviders>
  )
})

/** What rendering the stack first needs and its module's evaluation does not do: wagmi's configuration. */
export function prepareWalletStack() {
  getWagmiConfig()
}
