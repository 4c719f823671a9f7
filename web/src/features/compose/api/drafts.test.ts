import { describe, expect, it } from 'vitest'
import type { Composition } from '../utils/composition'
import { compositionOf, draftLayers } from './drafts'

describe('draft layers', () => {
  it('round-trip a composition, token ids as decimal strings', () => {
    const composition: Composition = [
      { decorationId: 1, tokenId: 0n },
      { decorationId: 5, tokenId: 18_446_744_073_709_551_615n },
      { decorationId: 0, tokenId: 0n },
    ]
    const layers = draftLayers(composition)
    expect(layers[1]).toEqual({ layer: 2, decorationId: 5, tokenId: '18446744073709551615' })
    expect(compositionOf({ layers })).toEqual(composition)
  })

  it('reads missing layers as empty', () => {
    expect(compositionOf({ layers: [{ layer: 3, decorationId: 6, tokenId: '2' }] })).toEqual([
      { decorationId: 0, tokenId: 0n },
      { decorationId: 0, tokenId: 0n },
      { decorationId: 6, tokenId: 2n },
    ])
  })
})
