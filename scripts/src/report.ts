import { stripVTControlCharacters } from 'node:util'
import type { JsonTestResults } from 'vitest/node'

export type Counts = { passed: number; failed: number; skipped: number }

export type StepResult = {
  name: string
  /** `none`: the workspace has no test script, so there was nothing to run. */
  status: 'passed' | 'failed' | 'none'
  /** Test counts; absent for checks such as lint and typecheck. */
  counts?: Counts
  /** Why a step failed when its tests alone do not say so. */
  reason?: string
  ms: number
  /** CPU seconds its processes took, when it ran alone (steps run side by side share theirs). */
  cpuSeconds?: number
}

// The fields read from Vitest's JSON reporter, typed by Vitest itself so that a change to the report fails the typecheck.
type VitestReport = Pick<JsonTestResults, 'numPassedTests' | 'numFailedTests' | 'numPendingTests' | 'numTodoTests'>

type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number }
  errors?: unknown[]
}

/**
 * One run of a test and how long it took, for the list of the slowest; `failure`, the first line of its error, when it
 * failed, for the list of failures printed under the table.
 */
export type TestTime = { suite: string; name: string; ms: number; failure?: string }

type VitestTimes = {
  testResults: {
    name: string
    status?: string
    message?: string
    assertionResults: {
      fullName: string
      duration?: number | null
      status?: string
      failureMessages?: string[] | null
    }[]
  }[]
}

type PlaywrightSuite = {
  title: string
  file?: string
  specs?: {
    title: string
    tests: {
      projectName: string
      results: { duration: number; status?: string; error?: { message?: string }; errors?: { message?: string }[] }[]
    }[]
  }[]
  suites?: PlaywrightSuite[]
}

/** The first line of an error that says something, without colours, cut to fit a line of the summary. */
export function firstLine(message: string | undefined): string {
  const line =
    stripVTControlCharacters(message ?? '')
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? 'no message'
  return line.length > 160 ? `${line.slice(0, 159)}…` : line
}

/** Each test of a Vitest JSON report with its duration, named by its file (from `root`) and its full name. */
export function vitestTimes(suite: string, report: VitestTimes, root = ''): TestTime[] {
  return report.testResults.flatMap((file) => {
    const path = file.name.startsWith(root) ? file.name.slice(root.length).replace(/^\//, '') : file.name
    const tests: TestTime[] = file.assertionResults.map((test) => ({
      suite,
      name: `${path} › ${test.fullName}`,
      ms: test.duration ?? 0,
      ...(test.status === 'failed' && { failure: firstLine(test.failureMessages?.join('\n')) }),
    }))
    // A file that failed outside its tests (an import, a hook) says so only in its own message.
    const fileFailed = file.status === 'failed' && !tests.some((t) => t.failure)
    return fileFailed ? [...tests, { suite, name: path, ms: 0, failure: firstLine(file.message) }] : tests
  })
}

/** Each run of a Playwright JSON report's tests with its duration, named by project, file and titles. */
export function playwrightTimes(suite: string, report: { suites?: PlaywrightSuite[] }): TestTime[] {
  const walk = (node: PlaywrightSuite, titles: string[], file: string): TestTime[] => [
    ...(node.specs ?? []).flatMap((spec) =>
      spec.tests.flatMap((test) =>
        test.results.map((result) => ({
          suite,
          name: `[${test.projectName}] ${[file, ...titles, spec.title].filter(Boolean).join(' › ')}`,
          ms: result.duration,
          // A run that failed and passed on retry is listed too: it counts as failed (playwrightCounts).
          ...(result.status !== undefined &&
            !['passed', 'skipped'].includes(result.status) && {
              failure: firstLine(result.error?.message ?? result.errors?.[0]?.message ?? result.status),
            }),
        })),
      ),
    ),
    ...(node.suites ?? []).flatMap((child) => walk(child, [...titles, child.title], file)),
  ]
  return (report.suites ?? []).flatMap((file) => walk(file, [], file.file ?? file.title))
}

/** The `count` slowest of `times`, slowest first. */
export const slowest = (times: TestTime[], count = 5) => [...times].sort((a, b) => b.ms - a.ms).slice(0, count)

/** Counts from Vitest's JSON reporter; skipped and todo tests both count as skipped. */
export function vitestCounts(report: VitestReport): Counts {
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  }
}

/** Counts from Playwright's JSON reporter; a test that passed only on retry counts as failed. */
export function playwrightCounts(report: PlaywrightReport): Counts {
  const { expected, unexpected, flaky, skipped } = report.stats
  return { passed: expected, failed: unexpected + flaky, skipped }
}

/** Decides whether a suite passed: exit code 0, a report, at least one test, none failed or skipped. */
export function judgeSuite(name: string, exitCode: number | null, counts: Counts | undefined, ms: number): StepResult {
  const fail = (reason: string): StepResult => ({ name, status: 'failed', counts, reason, ms })
  if (!counts) return fail(exitCode === 0 ? 'no test report' : `exited with ${exitCode ?? 'a signal'}, no test report`)
  if (counts.failed > 0) return fail(`${counts.failed} failed`)
  if (exitCode !== 0) return fail(`exited with ${exitCode ?? 'a signal'}`)
  if (counts.passed === 0) return fail('ran no tests')
  if (counts.skipped > 0) return fail(`${counts.skipped} skipped or todo`)
  return { name, status: 'passed', counts, ms }
}

/** Sums the tests; a failed step whose tests do not show a failure (lint, a crash, no tests) counts as one failure. */
export function totals(results: StepResult[]): Counts {
  const sum: Counts = { passed: 0, failed: 0, skipped: 0 }
  for (const r of results) {
    sum.passed += r.counts?.passed ?? 0
    sum.skipped += r.counts?.skipped ?? 0
    const failedTests = r.counts?.failed ?? 0
    sum.failed += r.status === 'failed' ? Math.max(failedTests, 1) : failedTests
  }
  return sum
}

/** The last line of `npm test`: `N passed, N failed`, plus `, N skipped` only when there were any. */
export function summaryLine({ passed, failed, skipped }: Counts): string {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`
}

/** `950 ms`, `12.3 s`, `3 min 05 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const s = Math.round(ms / 1000)
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`
}

/** A plain-text table with one row per step. */
export function formatTable(results: StepResult[]): string {
  const header = ['step', 'result', 'passed', 'failed', 'skipped', 'time', 'cpu', 'note']
  const rows = results.map((r) => [
    r.name,
    r.status === 'none' ? 'no tests' : r.status,
    String(r.counts?.passed ?? '–'),
    String(r.counts?.failed ?? '–'),
    String(r.counts?.skipped ?? '–'),
    formatDuration(r.ms),
    r.cpuSeconds === undefined ? '–' : formatDuration(r.cpuSeconds * 1000),
    r.reason ?? '',
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)))
  const numeric = new Set([2, 3, 4, 5, 6])
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd()
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')
}

/**
 * The failed tests as lines under the table, each with the first line of its error: the end of a long run's output is
 * often all that is kept of it, and the table alone says only how many failed.
 */
export function formatFailures(times: TestTime[], count = 20): string {
  const failed = times.filter((t) => t.failure !== undefined)
  if (failed.length === 0) return ''
  const more = failed.length > count ? [`  … and ${failed.length - count} more`] : []
  return [
    'Failed tests:',
    ...failed.slice(0, count).flatMap((t) => [`  ${t.suite}  ${t.name}`, `      ${t.failure}`]),
    ...more,
  ].join('\n')
}

/** The slowest tests as lines under the table: time, suite and name. */
export function formatSlowest(times: TestTime[]): string {
  if (times.length === 0) return ''
  const width = Math.max(...times.map((t) => formatDuration(t.ms).length))
  return [
    'Slowest tests:',
    ...times.map((t) => `  ${formatDuration(t.ms).padStart(width)}  ${t.suite}  ${t.name}`),
  ].join('\n')
}
