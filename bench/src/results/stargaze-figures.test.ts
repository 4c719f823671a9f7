import { describe, expect, it } from 'vitest'
import { buildFigures } from './build-figures'
import type { StargazeReport } from './report-types'

const stargaze = (floor: boolean): StargazeReport => ({
  runs: 5,
  yourSkies: {
    first: {
      cards: 24,
      medianMs: 3400,
      maxRequests: 3,
      targetRequests: 3,
      ...(floor ? { floor: { medianMs: 800 } } : {}),
    },
    all: { cards: 100, medianMs: 5500, maxRequests: 10 },
  },
  gallery: { first: { cards: 24, medianMs: 1400, maxRequests: 1, ...(floor ? { floor: { medianMs: 700 } } : {}) } },
})

const figuresOf = (report: StargazeReport) =>
  buildFigures({ frontend: null, mint: null, stargaze: report, gas: null } as Parameters<typeof buildFigures>[0])

describe('stargaze figures', () => {
  it('give the first cards of both views beside their floor, a bare page of the same requests, held to 1.5 s', () => {
    const byId = (id: string) => figuresOf(stargaze(true)).find((f) => f.id === id)
    expect(byId('stargaze.yourFirst.ms')).toMatchObject({ ours: 3400, baseline: 800, ratio: 4.25, met: false })
    expect(byId('stargaze.gallery.ms')).toMatchObject({ ours: 1400, baseline: 700, ratio: 2, met: true })
    expect(byId('stargaze.gallery.ms')?.label).toMatch(/\(baseline: floor\)$/)
  })

  it('read a report from before the floor without a ratio', () => {
    const byId = (id: string) => figuresOf(stargaze(false)).find((f) => f.id === id)
    expect(byId('stargaze.yourFirst.ms')).toMatchObject({ ours: 3400, baseline: null, ratio: null })
  })
})
