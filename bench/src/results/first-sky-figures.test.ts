import { describe, expect, it } from 'vitest'
import { buildFigures } from './build-figures'
import type { MintReport } from './report-types'
import { mintReport as mint } from './testing/reports'

const figuresOf = (report: MintReport) => {
  const figures = buildFigures({ frontend: null, mint: report, stargaze: null, gas: null })
  return (id: string) => figures.find((f) => f.id === id)
}

describe('a new wallet’s first sky', () => {
  it('holds its prompts to two and its ether to none', () => {
    const byId = figuresOf(mint)
    expect(byId('firstSky.prompts')).toMatchObject({ ours: 2, target: { op: '<=', value: 2 }, met: true })
    expect(byId('firstSky.etherNeeded')).toMatchObject({
      ours: 0,
      unit: 'ETH',
      target: { op: '=', value: 0 },
      met: true,
    })
  })
  it('shows each way of paying beside the same mint with no page around it, without a target', () => {
    const byId = figuresOf(mint)
    expect(byId('firstSky.pressToSkyMs.sponsored')).toMatchObject({ ours: 1450, baseline: 290, ratio: 5, target: null })
    expect(byId('firstSky.pressToSkyMs.unsponsored')).toMatchObject({ ours: 1200, baseline: 240, ratio: 5 })
  })
  it('shows a report from before the floor without a baseline', () => {
    const { floorMs: _, ...before } = mint.firstSky ?? { prompts: 0, methods: [] }
    const byId = figuresOf({ ...mint, firstSky: before })
    expect(byId('firstSky.pressToSkyMs.sponsored')).toMatchObject({ ours: 1450, baseline: null, ratio: null })
  })
})
