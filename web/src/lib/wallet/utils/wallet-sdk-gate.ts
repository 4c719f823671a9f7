import type { Wallet, WalletList } from '@rainbow-me/rainbowkit'
import type { CreateConnectorFn } from 'wagmi'

type CreateWallet = WalletList[number]['wallets'][number]
type Connector = ReturnType<CreateConnectorFn>

/** Connector types that talk only to the page (an injected extension, a Safe parent frame). */
const localTypes = new Set(['injected', 'safe'])

let opened = false

/**
 * Lets wallet SDKs start from now on. Called when the player opens the connect modal: picking
 * WalletConnect, Coinbase or the MetaMask SDK there asks for the connector's provider before `connect`.
 */
export function allowWalletSdks() {
  opened = true
}

/** Test hook: back to the state of a fresh page. */
export function resetWalletSdkGate() {
  opened = false
}

/**
 * Wraps a RainbowKit wallet so a connector backed by a remote SDK (WalletConnect, Coinbase, MetaMask SDK)
 * starts only when the player asks for it. Left alone, wagmi's `setup` and its `reconnect` on every page
 * load ask every connector for its provider, which starts those SDKs and their calls to third-party hosts.
 * Until the connect modal opens or `connect` is called, such a connector has no provider — unless it is
 * the one the player last connected with, which reconnects as usual.
 */
export function gateWalletSdk(wallet: CreateWallet): CreateWallet {
  return (params) => {
    const details: Wallet = wallet(params)
    return {
      ...details,
      createConnector: (walletDetails) => {
        const create = details.createConnector(walletDetails)
        return (config) => {
          const connector = create(config)
          if (localTypes.has(connector.type)) return connector
          const { connect, getProvider } = connector
          let started = false
          const gated: Connector = {
            ...connector,
            setup: undefined,
            connect: function (this: Connector, ...args: Parameters<Connector['connect']>) {
              started = true
              return connect.apply(this, args)
            } as Connector['connect'],
            async getProvider(parameters) {
              if (!started && !opened) {
                const recent = await config.storage?.getItem('recentConnectorId')
                if (recent !== connector.id) return undefined
              }
              started = true
              return getProvider.call(this, parameters)
            },
          }
          return gated
        }
      },
    }
  }
}
