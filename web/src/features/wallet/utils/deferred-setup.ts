import type { Wallet, WalletList } from '@rainbow-me/rainbowkit'

type CreateWallet = WalletList[number]['wallets'][number]

/**
 * Wraps a RainbowKit wallet so its connector skips wagmi's eager `setup`. WalletConnect's connector
 * initialises its provider there, which contacts the Reown/WalletConnect hosts on every page load;
 * deferred, the provider starts only when the player picks the wallet (or reconnects to it).
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
