import { connectorsForWallets, type WalletList } from '@rainbow-me/rainbowkit'
import {
  coinbaseWallet,
  metaMaskWallet,
  rabbyWallet,
  rainbowWallet,
  safeWallet,
  walletConnectWallet,
} from '@rainbow-me/rainbowkit/wallets'
import { createConfig } from 'wagmi'
import { env } from '@/config/env'
import { appChains } from './chains'
import { transports } from './transports'
import { localDevWallet } from './utils/local-dev-wallet'
import { gateWalletSdk } from './utils/wallet-sdk-gate'

const appName = 'chainellation'

const wallets: WalletList = [
  {
    groupName: 'Popular',
    wallets: [metaMaskWallet, rabbyWallet, coinbaseWallet, rainbowWallet, walletConnectWallet, safeWallet].map(
      gateWalletSdk,
    ),
  },
]
if (env.VITE_LOCAL_CHAIN) wallets.unshift({ groupName: 'Local chain', wallets: [localDevWallet] })

/** The wagmi configuration: our chains, a transport each, multicall batching, auto-reconnect. */
export const wagmiConfig = createConfig({
  chains: appChains,
  transports,
  connectors: connectorsForWallets(wallets, { appName, projectId: env.VITE_WALLETCONNECT_PROJECT_ID }),
  batch: { multicall: true },
})

declare module 'wagmi' {
  interface Register {
    config: typeof wagmiConfig
  }
}
