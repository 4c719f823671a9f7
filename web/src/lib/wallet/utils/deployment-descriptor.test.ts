import { deployments } from '@chainellation/contracts'
import { zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { descriptorFor, fallbackDescriptor } from './deployment-descriptor'

describe('descriptorFor', () => {
  it.each([
    ['Ethereum', 'ethellation', 'eth', 'ethereum'],
    ['Polygon', 'polyellation', 'matic', 'polygon'],
    ['Sepolia', 'sepollation', 'sep', 'sepolia'],
    ['Local', 'localellation', 'eth', 'local'],
    ['chainellation', 'chainellation', 'eth', 'none'],
  ])('picks %s by its name in lower case', (name, displayName, currency, chain) => {
    expect(descriptorFor(name)).toMatchObject({ displayName, currency, chain })
    expect(descriptorFor(name.toUpperCase())).toBe(descriptorFor(name))
  })

  it('falls back when nothing is connected or the chain is unknown', () => {
    expect(descriptorFor(undefined)).toBe(fallbackDescriptor)
    expect(descriptorFor('Arbitrum One')).toBe(fallbackDescriptor)
    expect(fallbackDescriptor).toMatchObject({
      chainellationAddress: zeroAddress,
      decoAddress: zeroAddress,
      displayName: 'chainellation',
      chain: 'none',
      freeDecorations: [],
    })
  })

  it('takes addresses from the generated bindings, zero where not deployed', () => {
    const local = deployments[31337].contracts
    expect(descriptorFor('Local')).toMatchObject({
      chainellationAddress: local.Chainellation,
      decoAddress: local.Decorations,
      freeDecorations: [local.RollingHills, local.CrescentMoon, local.Telescope],
    })
    expect(descriptorFor('Ethereum').decoAddress).toBe(zeroAddress)
    expect(descriptorFor('Polygon').freeDecorations).toEqual([])
  })
})
