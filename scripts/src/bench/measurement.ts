import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** One thing `npm run bench` measures: a command that prints its own table, then a one-line summary. */
export type Measurement = {
  name: string
  /** Run from the repository root; its output is shown as it comes. */
  command: [string, ...string[]]
  /** Reads what the command wrote; throws when it is missing or stale. */
  summarize: (root: string, startedAt: number) => string
}

/** Parses the JSON report at `path` (from the repository root), refusing one older than this run. */
export function readFreshReport<T>(root: string, path: string, startedAt: number): T {
  const file = join(root, path)
  if (statSync(file).mtimeMs < startedAt) throw new Error(`${path} was not rewritten`)
  return JSON.parse(readFileSync(file, 'utf8')) as T
}
