// The figures' units, how people read them, and the median of runs: shared by the measurements and the results.

export type Unit = 'bytes' | 'ms' | 's' | 'MB' | 'score' | 'count' | 'gas' | 'req/s' | 'ETH'

/** The median (mean of the middle two for an even count); null for no values. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** Nearest-rank percentile (`p` from 0 to 100) of sorted values; NaN for none. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN

/** Each field's own median over the runs that succeeded (a field that is null in a run is left out of it). */
export function medianOf<T extends Record<string, number | null>>(runs: readonly (T | { error: string })[]): T | null {
  const ok = runs.filter((r): r is T => !('error' in r))
  const first = ok[0]
  if (!first) return null
  const out: Record<string, number | null> = {}
  for (const key of Object.keys(first)) {
    out[key] = median(ok.map((r) => r[key]).filter((v): v is number => typeof v === 'number'))
  }
  return out as T
}

const grouped = (n: number) => Math.round(n).toLocaleString('en-US')

/** A figure as people read it: kB (1000 bytes) with one decimal, ms (one decimal under 10), gas with separators. */
export function formatValue(value: number | null, unit: Unit): string {
  if (value === null) return '—'
  if (unit === 'bytes') return `${(value / 1000).toFixed(1)} kB`
  if (unit === 'ms') return `${value < 10 ? String(Math.round(value * 10) / 10) : grouped(value)} ms`
  if (unit === 's') return `${Math.round(value * 10) / 10} s`
  if (unit === 'MB') return `${grouped(value)} MB`
  if (unit === 'req/s') return `${grouped(value)} req/s`
  if (unit === 'ETH') return `${value} ETH`
  return grouped(value)
}
