import { MULTICALL3_ADDRESS } from '@chainellation/contracts'
import { defineChain } from 'viem'
import { sepolia } from 'wagmi/chains'
import { env } from '@/config/env'

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
  contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  testnet: true,
})

/** The chains the app works on: Sepolia always, the local chain first when it is on. */
export const appChains = env.VITE_LOCAL_CHAIN ? ([localChain, sepolia] as const) : ([sepolia] as const)
