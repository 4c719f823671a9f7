import { describe, expect, it } from 'vitest'
import {
  formatDuration,
  formatTable,
  judgeSuite,
  playwrightCounts,
  type StepResult,
  summaryLine,
  totals,
  vitestCounts,
} from './report'

describe('counting tests', () => {
  it('reads a Vitest JSON report, counting todo tests as skipped', () => {
    expect(vitestCounts({ numPassedTests: 7, numFailedTests: 1, numPendingTests: 2, numTodoTests: 1 })).toEqual({
      passed: 7,
      failed: 1,
      skipped: 3,
    })
  })

  it('reads a Playwright JSON report, counting flaky tests as failed', () => {
    expect(playwrightCounts({ stats: { expected: 4, unexpected: 1, flaky: 1, skipped: 2 } })).toEqual({
      passed: 4,
      failed: 2,
      skipped: 2,
    })
  })
})

describe('judgeSuite', () => {
  const ok = { passed: 3, failed: 0, skipped: 0 }

  it('passes a suite that ran tests and all passed', () => {
    expect(judgeSuite('art', 0, ok, 10)).toEqual({ name: 'art', status: 'passed', counts: ok, ms: 10 })
  })

  it.each([
    ['a failed test', 1, { passed: 3, failed: 1, skipped: 0 }, '1 failed'],
    ['a skipped test', 0, { passed: 3, failed: 0, skipped: 1 }, '1 skipped or todo'],
    ['no tests', 0, { passed: 0, failed: 0, skipped: 0 }, 'ran no tests'],
    ['a non-zero exit with passing tests', 1, ok, 'exited with 1'],
    ['a missing report', 0, undefined, 'no test report'],
    ['a crash', null, undefined, 'exited with a signal, no test report'],
  ] as const)('fails a suite with %s', (_, code, counts, reason) => {
    expect(judgeSuite('web', code, counts, 1)).toMatchObject({ status: 'failed', reason })
  })
})

describe('totals and summaryLine', () => {
  const results: StepResult[] = [
    { name: 'lint', status: 'passed', ms: 1 },
    { name: 'typecheck', status: 'failed', reason: 'web', ms: 1 },
    { name: 'art', status: 'passed', counts: { passed: 10, failed: 0, skipped: 0 }, ms: 1 },
    { name: 'web', status: 'failed', counts: { passed: 4, failed: 2, skipped: 1 }, ms: 1 },
    { name: 'scripts', status: 'failed', counts: { passed: 0, failed: 0, skipped: 0 }, reason: 'ran no tests', ms: 1 },
    { name: 'e2e', status: 'none', ms: 0 },
  ]

  it('sums tests and counts each failed step without failed tests once', () => {
    expect(totals(results)).toEqual({ passed: 14, failed: 4, skipped: 1 })
  })

  it('prints skipped only when there are any', () => {
    expect(summaryLine({ passed: 14, failed: 4, skipped: 1 })).toBe('14 passed, 4 failed, 1 skipped')
    expect(summaryLine({ passed: 120, failed: 0, skipped: 0 })).toBe('120 passed, 0 failed')
  })

  it('lays out one aligned row per step', () => {
    const lines = formatTable(results).split('\n')
    expect(lines).toHaveLength(results.length + 2)
    expect(lines[0]).toMatch(/^step\s+result\s+passed\s+failed\s+skipped\s+time\s+note$/)
    expect(lines[3]).toMatch(/^typecheck\s+failed\s+–\s+–\s+–\s+1 ms\s+web$/)
    expect(lines[5]).toMatch(/^web\s+failed\s+4\s+2\s+1\s+1 ms$/)
    expect(lines[7]).toMatch(/^e2e\s+no tests/)
    // Right-aligned counts end in the same column as their header.
    expect((lines[4] ?? '').indexOf('10') + 2).toBe((lines[0]?.indexOf('passed') ?? 0) + 'passed'.length)
  })
})

describe('formatDuration', () => {
  it.each([
    [0, '0 ms'],
    [950, '950 ms'],
    [12_340, '12.3 s'],
    [185_000, '3 min 05 s'],
  ])('formats %i ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })
})
