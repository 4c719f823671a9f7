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

  // The build leaves viem's Multicall3 bytecode out (vite-plugins/lean-viem.ts): its multicalls go to each chain's
  // deployed Multicall3, never deployless.
  it('each name a deployed Multicall3, which the wagmi configuration batches reads through', () => {
    const config = getWagmiConfig()
    for (const chain of config.chains) expect(chain.contracts?.multicall3?.address, chain.name).toMatch(/^0x/)
    for (const chain of config.chains)
      expect(config.getClient({ chainId: chain.id }).batch).toEqual({ multicall: true })
  })
})
