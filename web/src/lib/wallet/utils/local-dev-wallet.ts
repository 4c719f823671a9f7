import type { Wallet } from '@rainbow-me/rainbowkit'
import type { EIP1193Provider } from 'viem'
import { createConnector } from 'wagmi'
import { injected } from 'wagmi/connectors'
import { localChain } from '../chains'
import { createLocalDevProvider } from './local-dev-provider'

const icon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect width="28" height="28" rx="6" fill="#0b1026"/><path d="M14 5l2.2 6.1L22 12l-4.6 3.9L19 22l-5-3.3L9 22l1.6-6.1L6 12l5.8-.9z" fill="#EA8F21"/></svg>',
)}`

let provider: EIP1193Provider | undefined

/** RainbowKit's entry for the local dev wallet: local chain only, no extension needed. */
export const localDevWallet = (): Wallet => ({
  id: 'localDevWallet',
  name: 'Local dev wallet',
  iconUrl: icon,
  iconBackground: '#0b1026',
  installed: true,
  createConnector: (details) =>
    createConnector((config) => ({
      ...injected({
        target: () => {
          provider ??= createLocalDevProvider(localChain)
          return { id: 'localDevWallet', name: 'Local dev wallet', provider }
        },
      })(config),
      ...details,
    })),
})
