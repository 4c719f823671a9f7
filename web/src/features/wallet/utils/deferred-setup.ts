import type { Wallet, WalletList } from '@rainbow-me/rainbowkit'

type CreateWallet = WalletList[number]['wallets'][number]

/**
 * Wraps a RainbowKit wallet so its connector skips wagmi's eager `setup`, where WalletConnect's connector
 * initialises its provider and contacts the Reown/WalletConnect hosts. (wagmi's `reconnect` on mount
 * still asks every connector for its provider; that path is not covered here yet.)
 */
export function deferSetup(wallet: CreateWallet): CreateWallet {
  return (params) => {
    const details: Wallet = wallet(params)
    return {
      ...details,
      createConnector: (walletDetails) => {
        const create = details.createConnector(walletDetails)
        return (config) => {
          const connector = create(config)
          return connector.type === 'injected' ? connector : { ...connector, setup: undefined }
        }
      },
    }
  }
}
