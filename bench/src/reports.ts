import { readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { writeJson } from '@chainellation/scripts/json'

/**
 * Every report a measurement writes, in one folder (bench/reports) and one format: JSON as Biome formats it, since
 * the reports are committed beside the code they measured and `npm run bench` reads them back.
 */
export const REPORTS = {
  results: 'results',
  chaos: 'chaos',
  frontend: 'frontend',
  mint: 'mint',
  stargaze: 'stargaze',
  gas: 'gas',
  skiesOf: 'skies-of',
  cards: 'cards',
  discovery: 'discovery',
  scale: 'scale',
  prod: 'prod',
  reminders: 'reminders',
  remindersDrill: 'reminders-drill',
} as const

export type ReportName = keyof typeof REPORTS

/** The repository's root, which measurements run from. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** A report's path from the repository root, as the summaries print it. */
export const reportPath = (name: ReportName) => `bench/reports/${REPORTS[name]}.json`

const fileOf = (name: ReportName) => new URL(`../reports/${REPORTS[name]}.json`, import.meta.url)

export function writeReport(name: ReportName, report: unknown) {
  writeJson(fileURLToPath(fileOf(name)), report)
}

export function readReport<T>(name: ReportName): T {
  return JSON.parse(readFileSync(fileOf(name), 'utf8')) as T
}

/** A report this run wrote: throws when it is older than `startedAt` (the measurement failed before writing it). */
export function readFreshReport<T>(name: ReportName, startedAt: number): T {
  if (statSync(fileOf(name)).mtimeMs < startedAt) throw new Error(`${reportPath(name)} was not rewritten by this run`)
  return readReport<T>(name)
}
