import { type Address, defineChain } from 'viem'

// anvil, as the wallet's tests start it: its chain id, and two of its default accounts, which it signs for.

export const ALICE: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const BOB: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** The local chain (anvil's id) with its endpoint at `url`. */
export const localTestChain = (url: string) =>
  defineChain({
    id: 31_337,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  })
