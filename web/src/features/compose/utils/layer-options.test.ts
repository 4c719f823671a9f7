import { describe, expect, it } from 'vitest'
import { type Composition, type DecorationOption, EMPTY } from './composition'
import { layerOptions } from './layer-options'

const d = (id: number, layer: number, free: boolean, name: string): DecorationOption => ({
  id,
  address: `0x0${id}`,
  layer,
  free,
  name,
  art: `<svg>${name}</svg>`,
})
const all = [d(1, 1, true, 'Rolling Hills'), d(4, 1, false, 'Lighthouse'), d(2, 2, true, 'Crescent Moon')]

describe('layerOptions', () => {
  const nothing: Composition = [EMPTY, EMPTY, EMPTY]

  it('offers nothing, the layer’s free decorations, and tokens the wallet holds', () => {
    const options = layerOptions(1, all, new Map([[4, [7n, 9n]]]), nothing)
    expect(options.map((o) => [o.label, o.badge, o.choice])).toEqual([
      ['None', undefined, EMPTY],
      ['Rolling Hills', 'Free', { decorationId: 1, tokenId: 0n }],
      ['Lighthouse', 'Token #7', { decorationId: 4, tokenId: 7n }],
    ])
  })

  it('leaves out tokens the wallet does not hold', () => {
    expect(layerOptions(1, all, new Map(), nothing).map((o) => o.label)).toEqual(['None', 'Rolling Hills'])
  })

  it('keeps the token on the sky, held or not, so the view shows it', () => {
    const onChain: Composition = [{ decorationId: 4, tokenId: 3n }, EMPTY, EMPTY]
    expect(layerOptions(1, all, new Map(), onChain).at(-1)?.choice).toEqual({ decorationId: 4, tokenId: 3n })
    expect(layerOptions(1, all, new Map([[4, [8n]]]), onChain).at(-1)?.badge).toBe('Token #3')
  })
})
