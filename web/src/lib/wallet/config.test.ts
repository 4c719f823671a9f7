import { http } from 'viem'
import { sepolia } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { createConfig } from 'wagmi'
import { localChain } from './chains'
import { LOCAL_POLLING_MS, pollingIntervals } from './config'

describe('pollingIntervals', () => {
  it('polls the local chain every 500 ms and leaves Sepolia at viem’s 4 s', () => {
    const config = createConfig({
      chains: [localChain, sepolia],
      transports: { [localChain.id]: http(), [sepolia.id]: http() },
      ...pollingIntervals(true),
    })
    expect(LOCAL_POLLING_MS).toBe(500)
    expect(config.getClient({ chainId: localChain.id }).pollingInterval).toBe(500)
    expect(config.getClient({ chainId: sepolia.id }).pollingInterval).toBe(4000)
  })

  it('gives a Sepolia-only build viem’s default', () => {
    const config = createConfig({ chains: [sepolia], transports: { [sepolia.id]: http() }, ...pollingIntervals(false) })
    expect(config.getClient().pollingInterval).toBe(4000)
  })
})
