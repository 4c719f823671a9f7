import { MULTICALL3_ADDRESS } from '@chainellation/contracts'
import { defineChain } from 'viem'
import { sepolia } from 'wagmi/chains'
import { env } from '@/config/env'

/**
 * The local chain's icon, inline. RainbowKit has its own for id 31,337 but loads it after the chain button first
 * draws, and until it arrives the button shows the chain's name inside its label "Chain Selector", which does not
 * contain it (WCAG 2.5.3, Label in Name; axe's label-content-name-mismatch). An icon given as a string is drawn at
 * once (RainbowKit prefers a chain's own `iconUrl`).
 */
const LOCAL_CHAIN_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#EA8F21" d="M12 3c.6 4.6 4.4 8.4 9 9-4.6.6-8.4 4.4-9 9-.6-4.6-4.4-8.4-9-9 4.6-.6 8.4-4.4 9-9z"/></svg>',
)}`

/** The local anvil chain `npm start` runs, offered only in local development builds. */
export const localChain = defineChain({
  iconUrl: LOCAL_CHAIN_ICON,
  iconBackground: '#0b1026',
  id: 31_337,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  // The fallback, when there is one, carries on while the first node does not answer (see ./transports).
  rpcUrls: {
    default: {
      http: [env.VITE_LOCAL_RPC_URL, ...(env.VITE_LOCAL_FALLBACK_RPC_URL ? [env.VITE_LOCAL_FALLBACK_RPC_URL] : [])],
    },
  },
  contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  testnet: true,
})

/** The chains the app works on: Sepolia always, the local chain first when it is on. */
export const appChains = env.VITE_LOCAL_CHAIN ? ([localChain, sepolia] as const) : ([sepolia] as const)
