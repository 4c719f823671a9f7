import { describe, expect, it } from 'vitest'
import { sepoliaUrls } from './transports'

describe('sepoliaUrls', () => {
  it('puts Alchemy, then Infura, then the public endpoint', () => {
    expect(sepoliaUrls({ alchemy: 'a', infura: 'i' })).toEqual([
      'https://eth-sepolia.g.alchemy.com/v2/a',
      'https://sepolia.infura.io/v3/i',
      undefined,
    ])
  })

  it('uses the public endpoint alone when no provider key is set', () => {
    expect(sepoliaUrls({})).toEqual([undefined])
    expect(sepoliaUrls({ infura: 'i' })).toEqual(['https://sepolia.infura.io/v3/i', undefined])
  })
})
