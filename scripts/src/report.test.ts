import { describe, expect, it } from 'vitest'
import {
  firstLine,
  formatDuration,
  formatFailures,
  formatSlowest,
  formatTable,
  judgeSuite,
  playwrightCounts,
  playwrightTimes,
  type StepResult,
  slowest,
  summaryLine,
  totals,
  vitestCounts,
  vitestTimes,
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
    { name: 'web', status: 'failed', counts: { passed: 4, failed: 2, skipped: 1 }, ms: 1, cpuSeconds: 75.4 },
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
    expect(lines[0]).toMatch(/^step\s+result\s+passed\s+failed\s+skipped\s+time\s+cpu\s+note$/)
    expect(lines[3]).toMatch(/^typecheck\s+failed\s+–\s+–\s+–\s+1 ms\s+–\s+web$/)
    expect(lines[5]).toMatch(/^web\s+failed\s+4\s+2\s+1\s+1 ms\s+1 min 15 s$/)
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

describe('the slowest tests', () => {
  const vitest = {
    testResults: [
      {
        name: '/repo/server/src/db/index.test.ts',
        assertionResults: [
          { fullName: 'openDatabase migrates a fresh PGlite', duration: 12_400 },
          { fullName: 'openDatabase uses Postgres', duration: 30 },
        ],
      },
      { name: '/repo/server/src/app.test.ts', assertionResults: [{ fullName: 'app answers', duration: null }] },
    ],
  }
  const playwright = {
    suites: [
      {
        title: 'drafts.spec.ts',
        file: 'drafts.spec.ts',
        specs: [{ title: 'saves a draft', tests: [{ projectName: 'desktop', results: [{ duration: 21_000 }] }] }],
        suites: [
          {
            title: 'sharing',
            specs: [
              {
                title: 'opens a link',
                tests: [
                  { projectName: 'desktop', results: [{ duration: 4_000 }] },
                  { projectName: 'mobile', results: [{ duration: 5_000 }] },
                ],
              },
            ],
          },
        ],
      },
    ],
  }

  it('reads every test’s time from both reporters, named by suite, project, file and titles', () => {
    expect(vitestTimes('server', vitest, '/repo/server')).toEqual([
      { suite: 'server', name: 'src/db/index.test.ts › openDatabase migrates a fresh PGlite', ms: 12_400 },
      { suite: 'server', name: 'src/db/index.test.ts › openDatabase uses Postgres', ms: 30 },
      { suite: 'server', name: 'src/app.test.ts › app answers', ms: 0 },
    ])
    expect(playwrightTimes('e2e', playwright)).toEqual([
      { suite: 'e2e', name: '[desktop] drafts.spec.ts › saves a draft', ms: 21_000 },
      { suite: 'e2e', name: '[desktop] drafts.spec.ts › sharing › opens a link', ms: 4_000 },
      { suite: 'e2e', name: '[mobile] drafts.spec.ts › sharing › opens a link', ms: 5_000 },
    ])
  })

  it('lists the five slowest across suites, slowest first', () => {
    const all = [...vitestTimes('server', vitest, '/repo/server'), ...playwrightTimes('e2e', playwright)]
    const five = slowest(all)
    expect(five.map((t) => t.ms)).toEqual([21_000, 12_400, 5_000, 4_000, 30])
    expect(formatSlowest(five).split('\n')[1]).toBe('  21.0 s  e2e  [desktop] drafts.spec.ts › saves a draft')
    expect(formatSlowest([])).toBe('')
  })
})

describe('the failed tests', () => {
  const vitest = {
    testResults: [
      {
        name: '/repo/scripts/src/start.test.ts',
        status: 'failed',
        message: '',
        assertionResults: [
          { fullName: 'npm start serves the app', duration: 900, status: 'passed', failureMessages: [] },
          {
            fullName: 'npm start stops every process',
            duration: 30_000,
            status: 'failed',
            failureMessages: ['\u001b[31mAssertionError\u001b[39m: expected 2 to be +0\n    at start.test.ts:40:5'],
          },
        ],
      },
      {
        name: '/repo/scripts/src/proxy.test.ts',
        status: 'failed',
        message: 'Hook timed out in 10000ms.\nIf this is a long-running hook…',
        assertionResults: [],
      },
    ],
  }
  const playwright = {
    suites: [
      {
        title: 'mint.spec.ts',
        file: 'mint.spec.ts',
        specs: [
          {
            title: 'mints a sky',
            tests: [
              {
                projectName: 'mobile',
                results: [
                  { duration: 9_000, status: 'timedOut', error: { message: '\n  Test timeout of 30000ms exceeded.' } },
                  { duration: 3_000, status: 'passed' },
                ],
              },
            ],
          },
        ],
      },
    ],
  }

  it('names each failed test, a file that failed outside its tests, and a run that passed only on retry', () => {
    const times = [...vitestTimes('scripts', vitest, '/repo/scripts'), ...playwrightTimes('e2e', playwright)]
    expect(times.filter((t) => t.failure)).toEqual([
      {
        suite: 'scripts',
        name: 'src/start.test.ts › npm start stops every process',
        ms: 30_000,
        failure: 'AssertionError: expected 2 to be +0',
      },
      { suite: 'scripts', name: 'src/proxy.test.ts', ms: 0, failure: 'Hook timed out in 10000ms.' },
      {
        suite: 'e2e',
        name: '[mobile] mint.spec.ts › mints a sky',
        ms: 9_000,
        failure: 'Test timeout of 30000ms exceeded.',
      },
    ])
    expect(formatFailures(times).split('\n')).toEqual([
      'Failed tests:',
      '  scripts  src/start.test.ts › npm start stops every process',
      '      AssertionError: expected 2 to be +0',
      '  scripts  src/proxy.test.ts',
      '      Hook timed out in 10000ms.',
      '  e2e  [mobile] mint.spec.ts › mints a sky',
      '      Test timeout of 30000ms exceeded.',
    ])
  })

  it('prints nothing when every test passed, and at most a screenful when many failed', () => {
    expect(formatFailures(vitestTimes('server', { testResults: [] }))).toBe('')
    const many = Array.from({ length: 25 }, (_, i) => ({ suite: 'web', name: `t${i}`, ms: 1, failure: 'x' }))
    const lines = formatFailures(many).split('\n')
    expect(lines).toHaveLength(1 + 20 * 2 + 1)
    expect(lines.at(-1)).toBe('  … and 5 more')
  })

  it('keeps an error’s first line short and says when there was none', () => {
    expect(firstLine(`Error: ${'x'.repeat(300)}`)).toHaveLength(160)
    expect(firstLine(undefined)).toBe('no message')
  })
})
