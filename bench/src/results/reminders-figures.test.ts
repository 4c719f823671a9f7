import { describe, expect, it } from 'vitest'
import { remindersFigures } from './server-figures'

describe('a night’s reminders', () => {
  const report = {
    skies: 10_000,
    processes: 2,
    received: 10_000,
    duplicates: 0,
    missed: 0,
    p50Ms: 9_535,
    p95Ms: 15_883,
    maxMs: 16_541,
    sendsPerSecond: 666,
    apiRssPeakMb: 176.1,
  }
  const byId = (figures: ReturnType<typeof remindersFigures>, id: string) => figures.find((f) => f.id === id)

  it('shows the p50, the p95 and the rate beside the floor’s, the p95 still held to its target', () => {
    const figures = remindersFigures({
      ...report,
      floor: { p50Ms: 4_000, p95Ms: 7_500, maxMs: 8_000, sendsPerSecond: 1_300 },
    })
    expect(byId(figures, 'reminders.p50Ms')).toMatchObject({ ours: 9_535, baseline: 4_000, ratio: 2.38 })
    expect(byId(figures, 'reminders.p95Ms')).toMatchObject({ baseline: 7_500, ratio: 2.12, met: true })
    expect(byId(figures, 'reminders.sendsPerSecond')).toMatchObject({ ours: 666, baseline: 1_300, ratio: 0.51 })
  })

  it('leaves the baseline out of a report without a floor (the drill’s)', () => {
    const figures = remindersFigures(report)
    expect(byId(figures, 'reminders.p95Ms')).toMatchObject({ baseline: null, ratio: null })
  })
})
