import { describe, expect, it } from 'vitest'
import { formatTable } from './format'
import { prodFigures } from './server-figures'
import { prodReport } from './testing/reports'

/** A route's CPU a request beside its floor's, as prod-load.ts reports it. */
const beside = (apiMs: number, floorMs: number) => ({
  apiMsPerRequest: apiMs,
  floorMsPerRequest: floorMs,
  ratio: apiMs / floorMs,
  met: apiMs / floorMs <= 1.5,
})

describe('the production shape’s CPU a request', () => {
  it('shows each route’s CPU a request beside its floor’s, held to 1.5 times it', () => {
    const api = {
      sessionReadRps: 3196,
      sessionReadP99Ms: 47,
      draftReadRps: 3231,
      draftReadP99Ms: 39,
      draftWriteRps: 891,
      draftWriteP99Ms: 137,
    }
    const prod = prodFigures({
      ...api,
      homeRps: 6241,
      homeP99Ms: 16,
      skyPageRps: 5772,
      skyPageP99Ms: 22,
      skyPageChainReads: 1,
      skyPageBlocks: 3,
      apiProcesses: 2,
      non2xx: 0,
      errors: 0,
      apiRssIdleMb: 107,
      apiRssPeakMb: 174,
      startMs: 233,
      pglite: { ...api, rssMb: 500 },
      cpu: {
        target: 1.5,
        sessionRead: beside(0.62, 0.2),
        draftRead: beside(0.3, 0.2),
        draftWrite: beside(1.2, 0.5),
        home: beside(0.1, 0.08),
        skyPage: { apiMsPerRequest: 0.2, floorMsPerRequest: null, ratio: null, met: null },
      },
    })
    const p = (id: string) => prod.find((f) => f.id === id)
    expect(p('prod.cpu.sessionRead')).toMatchObject({ ours: 0.62, baseline: 0.2, ratio: 3.1, met: false })
    expect(p('prod.cpu.draftRead')).toMatchObject({ target: { op: '<=', value: 0.3 }, met: true })
    expect(p('prod.cpu.home')).toMatchObject({ ratio: 1.25, met: true })
    expect(p('prod.cpu.skyPage')).toMatchObject({ ours: 0.2, baseline: null, target: null, met: null })
    // Under its route's p99, and none for the PGlite process.
    const ids = prod.map((f) => f.id)
    expect(ids.indexOf('prod.cpu.sessionRead')).toBe(ids.indexOf('prod.sessionReadP99Ms') + 1)
    expect(ids.filter((id) => id.startsWith('prod.cpu.'))).toHaveLength(5)
    expect(formatTable(prod)).toMatch(
      /p99[^\n]*\n\s+API CPU a request \(baseline: floor\)\s+0.62 ms\s+0.2 ms\s+3.10×\s+≤ 0.3 ms\s+NO/,
    )
  })
  it('shows each route’s throughput and p99 beside the floor’s in the same run, and none for the PGlite process', () => {
    const api = {
      sessionReadRps: 5126,
      sessionReadP99Ms: 37,
      draftReadRps: 5893,
      draftReadP99Ms: 27,
      draftWriteRps: 830,
      draftWriteP99Ms: 209,
    }
    const prod = prodFigures({
      ...api,
      homeRps: 9530,
      homeP99Ms: 24,
      skyPageRps: 7341,
      skyPageP99Ms: 34,
      skyPageChainReads: 4,
      skyPageBlocks: 2,
      apiProcesses: 2,
      non2xx: 0,
      errors: 0,
      apiRssIdleMb: 121,
      apiRssPeakMb: 189,
      startMs: 863,
      pglite: { ...api, rssMb: 500 },
      floorRuns: [
        { route: 'GET /api/auth/session', rps: 4558, p99Ms: 31 },
        { route: 'PATCH /api/drafts/:id', rps: 768, p99Ms: 160 },
        { route: 'GET /sky/1', rps: 7747, p99Ms: 26 },
      ],
    })
    const p = (id: string) => prod.find((f) => f.id === id)
    expect(p('prod.sessionReadRps')).toMatchObject({
      baseline: 4558,
      ratio: 1.12,
      label: 'Session reads (baseline: floor)',
    })
    expect(p('prod.draftWriteP99Ms')).toMatchObject({ ours: 209, baseline: 160, ratio: 1.31, met: false })
    expect(p('prod.skyPageRps')).toMatchObject({ baseline: 7747, ratio: 0.95 })
    // A route the floor did not run has no baseline; nor has the PGlite process, which the floor is not beside.
    expect(p('prod.draftReadRps')).toMatchObject({ baseline: null, ratio: null })
    expect(p('prod.homeRps')).toMatchObject({ baseline: null })
    // A report from before the start's floor: the start alone, against its absolute target.
    expect(p('prod.startMs')).toMatchObject({ ours: 863, baseline: null, ratio: null, met: true })
    expect(p('prod.pglite.sessionReadRps')).toMatchObject({
      baseline: null,
      label: 'PGlite, one process: Session reads',
    })
  })
  it('shows writes to one draft beside the floor’s, held to no target, where the report has them', () => {
    const api = {
      sessionReadRps: 4587,
      sessionReadP99Ms: 46,
      draftReadRps: 4301,
      draftReadP99Ms: 51,
      draftWriteRps: 1040,
      draftWriteP99Ms: 120,
    }
    const report = {
      ...api,
      homeRps: 7922,
      homeP99Ms: 19,
      skyPageRps: 7262,
      skyPageP99Ms: 20,
      skyPageChainReads: 10,
      skyPageBlocks: 5,
      apiProcesses: 2,
      non2xx: 0,
      errors: 0,
      apiRssIdleMb: 121,
      apiRssPeakMb: 180,
      startMs: 1121,
      starts: { api: { ms: [1180, 1121, 1090], medianMs: 1121 }, floor: { ms: [152, 160, 149], medianMs: 152 } },
      pglite: { ...api, rssMb: 534 },
      cpu: {
        target: 1.5,
        sessionRead: beside(0.2, 0.2),
        draftRead: beside(0.2, 0.2),
        draftWrite: beside(1.2, 0.8),
        home: beside(0.1, 0.08),
        skyPage: beside(0.1, 0.08),
      },
      floorRuns: [{ route: 'PATCH /api/drafts/:id, one draft', rps: 609, p99Ms: 195 }],
    }
    const before = prodFigures(report).map((f) => f.id)
    expect(before.filter((id) => id.includes('oneDraft'))).toEqual([])
    const prod = prodFigures({
      ...report,
      oneDraftWriteRps: 639,
      oneDraftWriteP99Ms: 266,
      cpu: { ...report.cpu, oneDraftWrite: beside(2.4, 0.8) },
    })
    const p = (id: string) => prod.find((f) => f.id === id)
    expect(p('prod.draftWriteRps')).toMatchObject({
      ours: 1040,
      target: { op: '>=', value: 1000 },
      met: true,
      label: 'Draft writes, each player to a draft of their own (baseline: floor)',
    })
    expect(p('prod.oneDraftWriteRps')).toMatchObject({ ours: 639, baseline: 609, target: null, met: null })
    expect(p('prod.oneDraftWriteP99Ms')).toMatchObject({ ours: 266, baseline: 195, target: null, met: null })
    // Three times the floor's CPU, and still no miss: the route is there for its contention.
    expect(p('prod.cpu.oneDraftWrite')).toMatchObject({ ratio: 3, target: null, met: null })
    // The median start beside the floor's median, in the same run.
    expect(p('prod.startMs')).toMatchObject({
      ours: 1121,
      baseline: 152,
      ratio: 7.38,
      met: false,
      label: 'API start to first healthy answer (baseline: floor)',
    })
  })
  it('holds the p99 at the rate the target names where the report has it, and shows the p99 at full speed beside', () => {
    const before = prodFigures(prodReport)
    expect(before.find((f) => f.id === 'prod.draftWriteP99Ms')).toMatchObject({ target: { value: 50 }, met: false })
    expect(before.some((f) => f.id.includes('AtRate'))).toBe(false)
    const prod = prodFigures({
      ...prodReport,
      atRate: {
        draftWrite: { rate: 1000, api: { rps: 1002, p99Ms: 38 }, floor: { rps: 1001, p99Ms: 30 } },
        // A rate below the target's 3,000 measures nothing the target names.
        sessionRead: { rate: 2000, api: { rps: 2000, p99Ms: 20 }, floor: { rps: 2000, p99Ms: 18 } },
      },
    })
    const p = (id: string) => prod.find((f) => f.id === id)
    expect(p('prod.draftWriteP99Ms')).toMatchObject({
      label: '  p99 at full speed',
      ours: 132,
      baseline: 105,
      target: null,
      met: null,
    })
    expect(p('prod.draftWriteAtRateP99Ms')).toMatchObject({
      label: '  p99 at 1,000 a second (1,002 answered)',
      ours: 38,
      baseline: 30,
      ratio: 1.27,
      target: { op: '<=', value: 50 },
      met: true,
    })
    expect(p('prod.sessionReadAtRateP99Ms')).toMatchObject({ ours: 20, target: null, met: null })
    // The draft reads were not paced: their p99 at full speed keeps the target.
    expect(p('prod.draftReadP99Ms')).toMatchObject({ target: { value: 50 }, met: false })
    // Under the route's p99 at full speed, and none for the PGlite process.
    const ids = prod.map((f) => f.id)
    expect(ids.indexOf('prod.draftWriteAtRateP99Ms')).toBe(ids.indexOf('prod.draftWriteP99Ms') + 1)
    expect(ids.filter((id) => id.includes('AtRate'))).toHaveLength(2)
  })
})
