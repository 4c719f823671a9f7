import { describe, expect, it } from 'vitest'
import { buildFigures } from './build-figures'
import type { MintReport } from './report-types'

const mint: MintReport = {
  preview: { samples: 200, medianMs: 2.5, targetMedianMs: 4 },
  rpc: { actions: 90, requests: 0, target: 0 },
  firstSky: {
    prompts: 2,
    methods: ['wallet_requestPermissions', 'eth_signTypedData_v4'],
    etherNeeded: 0,
    pressToSkyMs: { sponsored: { medianMs: 1450 }, unsponsored: { medianMs: 1200 } },
    floorMs: { sponsored: { medianMs: 290 }, unsponsored: { medianMs: 240 } },
  },
}
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
