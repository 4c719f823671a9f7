import type { WalletList } from '@rainbow-me/rainbowkit'
import {
  coinbaseWallet,
  metaMaskWallet,
  rabbyWallet,
  rainbowWallet,
  walletConnectWallet,
} from '@rainbow-me/rainbowkit/wallets'
import { createConfig } from 'wagmi'
import { env } from '@/config/env'
import { appChains, localChain } from './chains'
import { kitPicture } from './kit-bridge'
import { transports } from './transports'
import { localDevWallet } from './utils/local-dev-wallet'
import { safeAppWallet } from './utils/safe-app-wallet'
import { walletConnectors } from './utils/wallet-connectors'
import { gateWalletSdk } from './utils/wallet-sdk-gate'

export const appName = 'chainellation'

/** The wallets RainbowKit's connect modal offers, in its groups. */
export const wallets: WalletList = [
  // First, so that framed by Safe{Wallet} the reconnect on load picks the Safe before any other wallet.
  // Outside a frame RainbowKit does not list it and its connector does nothing.
  { groupName: 'Safe', wallets: [safeAppWallet(env.VITE_SAFE_ORIGINS)] },
  {
    groupName: 'Popular',
    wallets: [metaMaskWallet, rabbyWallet, coinbaseWallet, rainbowWallet, walletConnectWallet].map(gateWalletSdk),
  },
]
if (env.VITE_LOCAL_CHAIN) wallets.splice(1, 0, { groupName: 'Local chain', wallets: [localDevWallet] })

type CreateWallet = WalletList[number]['wallets'][number]

/** `wallet`, its icon fetched once the player reaches for a wallet rather than with the kit (see `kitPicture`). */
const iconWhenWanted =
  (wallet: CreateWallet): CreateWallet =>
  (parameters) => {
    const details = wallet(parameters)
    return typeof details.iconUrl === 'function' ? { ...details, iconUrl: kitPicture(details.iconUrl) } : details
  }

/** How often the local chain is polled for blocks, receipts and a sent transaction's fate. */
export const LOCAL_POLLING_MS = 500

/**
 * anvil mines each transaction the moment it arrives: it is polled every 500 ms (viem's shortest default) rather than
 * every 4 s, viem's default for a chain without a block time, which Sepolia keeps. Only when the local chain is
 * configured: wagmi takes a per-chain record that names none of the configured chains for the value itself.
 */
export function pollingIntervals(withLocalChain: boolean): { pollingInterval?: Record<number, number> } {
  return withLocalChain ? { pollingInterval: { [localChain.id]: LOCAL_POLLING_MS } } : {}
}

/** The wagmi configuration: our chains, a transport each, multicall batching, auto-reconnect. */
function createWagmiConfig() {
  return createConfig({
    chains: appChains,
    transports,
    connectors: walletConnectors(
      wallets.map((group) => ({ ...group, wallets: group.wallets.map(iconWhenWanted) })),
      { appName, projectId: env.VITE_WALLETCONNECT_PROJECT_ID, relayUrl: env.VITE_WALLETCONNECT_RELAY_URL },
    ),
    batch: { multicall: true },
    ...pollingIntervals(env.VITE_LOCAL_CHAIN),
  })
}

let wagmiConfig: ReturnType<typeof createWagmiConfig> | undefined

/**
 * The wagmi configuration, created on first use rather than as the module is evaluated: setting the connectors up
 * and reading wagmi's stored state is two fifths of evaluating the stack, and the stack's loader does it in a task
 * of its own (shell/wallet-loader/; docs/decisions/first-use.md).
 */
export function getWagmiConfig(): ReturnType<typeof createWagmiConfig> {
  wagmiConfig ??= createWagmiConfig()
  return wagmiConfig
}

declare module 'wagmi' {
  interface Register {
    config: ReturnType<typeof createWagmiConfig>
  }
}
