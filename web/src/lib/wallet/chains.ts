import { defineChain } from 'viem'
import { sepolia } from 'wagmi/chains'
import { env } from '@/config/env'

/** Multicall3's canonical address; the local stack installs it there too. */
const multicall3 = { address: '0xcA11bde05977b3631167028862bE2a173976CA11' } as const

/** The local anvil chain `npm start` runs, offered only in local development builds. */
export const localChain = defineChain({
  id: 31_337,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  // The fallback, when there is one, carries on while the first node does not answer (see ./transports).
  rpcUrls: {
    default: {
      http: [env.VITE_LOCAL_RPC_URL, ...(env.VITE_LOCAL_FALLBACK_RPC_URL ? [env.VITE_LOCAL_FALLBACK_RPC_URL] : [])],
    },
  },
  contracts: { multicall3 },
  testnet: true,
})

/** The chains the app works on: Sepolia always, the local chain first when it is on. */
export const appChains = env.VITE_LOCAL_CHAIN ? ([localChain, sepolia] as const) : ([sepolia] as const)
