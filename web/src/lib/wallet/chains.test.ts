import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { appChains, localChain } from './chains'
import { getWagmiConfig } from './config'

describe('the app’s chains', () => {
  // The build gives RainbowKit no ENS normalization, whose one use looks up avatars on mainnet
  // (vite-plugins/lean-kit.ts): adding mainnet means taking that substitute out.
  it('never include Ethereum mainnet', () => {
    expect(appChains.map((chain) => chain.id)).not.toContain(mainnet.id)
    expect(getWagmiConfig().chains.map((chain) => chain.id)).not.toContain(mainnet.id)
    expect(localChain.id).not.toBe(mainnet.id)
  })
})
