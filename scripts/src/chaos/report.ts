// The figures a fault or abuse test leaves for `npm run chaos`: one JSON file per test, in CHAOS_REPORT_DIR.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { writeJson } from '../json'

/** Where tests write their reports; unset outside `npm run chaos`, and then they write none. */
export const CHAOS_REPORT_DIR = 'CHAOS_REPORT_DIR'

const figure = z.union([z.number().finite(), z.string().min(1)])

/** One measure of a section: its value and, when there is one, the value it must have. */
export const chaosRow = z.strictObject({
  measure: z.string().min(1),
  value: figure,
  /** Compared with `value` for equality; a row without it is a figure to read, not a check. */
  expected: figure.optional(),
})

// Strict: a misspelt "expected" would otherwise turn a check into a figure nobody judges.
export const chaosReport = z.strictObject({
  section: z.string().min(1),
  rows: z.array(chaosRow).min(1),
})

export type ChaosRow = z.infer<typeof chaosRow>
export type ChaosReport = z.infer<typeof chaosReport>

/**
 * Writes `report` as `<CHAOS_REPORT_DIR>/<file>` when that variable is set; returns the path, or null when it is
 * not. A report that does not fit the shape throws here, in the test that made it, not later in the table.
 */
export function writeChaosReport(file: string, report: ChaosReport, env = process.env): string | null {
  const dir = env[CHAOS_REPORT_DIR]
  if (!dir) return null
  const path = join(dir, file)
  writeJson(path, chaosReport.parse(report))
  return path
}

/** A report file read back: its report, or why it could not be used. */
export type ReadReport = { file: string; report: ChaosReport } | { file: string; error: string }

/** Parses one report file's text; the error names the first fields that are wrong. */
export function parseChaosReport(file: string, text: string): ReadReport {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { file, error: `not JSON (${error instanceof Error ? error.message : String(error)})` }
  }
  const result = chaosReport.safeParse(json)
  if (result.success) return { file, report: result.data }
  const issues = result.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || 'the report'}: ${i.message}`)
  return { file, error: `not a chaos report (${issues.join('; ')})` }
}

/** Every `*.json` in `dir`, in name order. */
export function readChaosReports(dir: string): ReadReport[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => parseChaosReport(file, readFileSync(join(dir, file), 'utf8')))
}

/** A row of the combined table; `met` is null for a row without an expected value. */
export type JudgedRow = ChaosRow & { section: string; met: boolean | null }

export function judge(report: ChaosReport): JudgedRow[] {
  return report.rows.map((row) => ({
    section: report.section,
    ...row,
    met: row.expected === undefined ? null : row.value === row.expected,
  }))
}

/** What one `npm run chaos` found: every row, and the reports that were missing or unreadable. */
export type ChaosResults = {
  rows: JudgedRow[]
  /** Expected files that no test wrote. */
  missing: string[]
  /** Files that were there but could not be read as reports, with the reason. */
  invalid: { file: string; error: string }[]
  /** Every expected value met, and every report there and readable. */
  ok: boolean
}

/** Combines the reports read from the folder, given the files the run expects. */
export function combine(read: ReadReport[], expected: readonly string[]): ChaosResults {
  const rows = read.flatMap((r) => ('report' in r ? judge(r.report) : []))
  const invalid = read.flatMap((r) => ('error' in r ? [{ file: r.file, error: r.error }] : []))
  const missing = expected.filter((file) => !read.some((r) => r.file === file))
  const ok = missing.length === 0 && invalid.length === 0 && rows.every((r) => r.met !== false)
  return { rows, missing, invalid, ok }
}

const show = (value: ChaosRow['value'] | undefined) => (value === undefined ? '–' : String(value))

/** A plain-text table: section, measure, value, expected, met; a missing or unreadable report is a NO row. */
export function formatChaosTable({ rows, missing, invalid }: ChaosResults): string {
  const header = ['section', 'measure', 'value', 'expected', 'met']
  const cells = [
    ...rows.map((r) => [
      r.section,
      r.measure,
      show(r.value),
      show(r.expected),
      r.met === null ? '–' : r.met ? 'yes' : 'NO',
    ]),
    ...missing.map((file) => [file, 'report written', 'no', 'yes', 'NO']),
    ...invalid.map(({ file, error }) => [file, error, '–', '–', 'NO']),
  ]
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i]?.length ?? 0)))
  // Numbers line up on the right, as in the test summary; words stay on the left.
  const line = (row: string[]) =>
    row
      .map((cell, i) =>
        (i === 2 || i === 3) && /^-?[\d.]+$/.test(cell) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd()
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n')
}
