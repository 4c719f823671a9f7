import { describe, expect, it } from 'vitest'
import { type Composition, changedChoices, type DecorationOption, EMPTY, layerArt, svgDataUrl } from './composition'

const hills: DecorationOption = {
  id: 1,
  address: '0x01',
  layer: 1,
  free: true,
  name: 'Rolling Hills',
  art: '<svg>h</svg>',
}
const comet: DecorationOption = { id: 5, address: '0x05', layer: 2, free: false, name: 'Comet', art: '<svg>c</svg>' }

describe('a composition', () => {
  const onChain: Composition = [{ decorationId: 1, tokenId: 0n }, EMPTY, EMPTY]

  it('sends only the layers that changed', () => {
    expect(changedChoices(onChain, onChain)).toEqual([])
    const next: Composition = [EMPTY, { decorationId: 5, tokenId: 3n }, EMPTY]
    expect(changedChoices(onChain, next)).toEqual([
      { layer: 1, decorationId: 0, tokenId: 0n },
      { layer: 2, decorationId: 5, tokenId: 3n },
    ])
  })

  it('counts another token of the same decoration as a change', () => {
    const a: Composition = [EMPTY, { decorationId: 5, tokenId: 3n }, EMPTY]
    const b: Composition = [EMPTY, { decorationId: 5, tokenId: 4n }, EMPTY]
    expect(changedChoices(a, b)).toEqual([{ layer: 2, decorationId: 5, tokenId: 4n }])
  })

  it('gives the renderer each layer’s art', () => {
    expect(
      layerArt([{ decorationId: 1, tokenId: 0n }, { decorationId: 5, tokenId: 1n }, EMPTY], [hills, comet]),
    ).toEqual(['<svg>h</svg>', '<svg>c</svg>', ''])
  })

  it('wraps untrusted SVG, unicode included, in a base64 data URL', () => {
    const url = svgDataUrl('<svg>✨</svg>')
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true)
    expect(new TextDecoder().decode(Uint8Array.from(atob(url.split(',')[1] ?? ''), (c) => c.charCodeAt(0)))).toBe(
      '<svg>✨</svg>',
    )
  })
})
