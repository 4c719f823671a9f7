import { formatValue } from '../units'
import type { Figure, Section, Target, Unit } from './figures'

export { formatValue } from '../units'

import type { Results } from './results'

/**
 * A figure as the table shows it: under a millisecond to the microsecond, where the CPU a request is measured
 * (docs/decisions/production.md, "What it costs a request"), and otherwise as people read it (units.ts).
 */
function shown(value: number | null, unit: Unit): string {
  if (unit === 'ms' && value !== null && value > 0 && value < 1) return `${Number(value.toFixed(3))} ms`
  return formatValue(value, unit)
}

export function formatTarget(target: Target | null, unit: Unit): string {
  if (!target) return ''
  return `${target.op === '=' ? '=' : target.op === '<=' ? '≤' : '≥'} ${shown(target.value, unit)}`
}

/** The figures as an aligned text table, one section after another. */
export function formatTable(figures: readonly Figure[]): string {
  const header = ['', 'ours', 'baseline', 'ours/base', 'target', 'met']
  const lines: string[][] = []
  let section: Section | undefined
  for (const f of figures) {
    if (f.section !== section) {
      section = f.section
      lines.push([
        {
          'front end': 'Front end',
          RPC: 'Pages and RPC',
          discovery: 'Gallery index (indexer)',
          production: 'Production shape (npm run rehearse): two API processes on Postgres, 50 connections',
          reminders: 'Reminders: a night’s 10,000 at once, two API processes on Postgres',
          gas: 'Contracts',
        }[section],
      ])
    }
    lines.push([
      `  ${f.label}`,
      shown(f.ours, f.unit),
      f.baseline === null ? '' : shown(f.baseline, f.unit),
      f.ratio === null ? '' : `${f.ratio.toFixed(2)}×`,
      formatTarget(f.target, f.unit),
      f.target === null ? '' : f.met === null ? 'n/a' : f.met ? 'yes' : 'NO',
    ])
  }
  const rows = [header, ...lines]
  const widths = header.map((_, i) => Math.max(...rows.filter((r) => r.length > 1).map((r) => (r[i] ?? '').length)))
  return rows
    .map((row) =>
      row.length === 1
        ? (row[0] ?? '')
        : row
            .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
            .join('  ')
            .trimEnd(),
    )
    .join('\n')
}

/** The lines printed under the table: how each side was served, and which hosts each page tried to reach. */
export function formatNotes(results: Results): string {
  const lines: string[] = []
  const m = results.machine
  if (m) {
    const busy = [m.loadAverage, m.loadAverageAtEnd ?? []].some((l) => (l[0] ?? 0) > m.cpus)
    lines.push(
      `Machine: ${m.cpus} cores; load average ${m.loadAverage.join(', ')} at the start` +
        `${m.loadAverageAtEnd ? `, ${m.loadAverageAtEnd.join(', ')} at the end` : ''}` +
        `${busy ? ' — ABOVE the number of cores: the machine was busy, timings are slower than it can do' : ''}`,
    )
  }
  for (const site of ['ours', 'baseline'] as const) {
    const s = results.served[site]
    if (s) {
      const compressed = s.scriptEncodings.some((e) => e !== 'identity')
      lines.push(
        `${site === 'ours' ? 'Ours' : 'Baseline'} served ${compressed ? 'compressed' : 'uncompressed'}: ` +
          `document ${s.documentEncoding}, scripts ${s.scriptEncodings.join(', ') || 'none'}`,
      )
    }
  }
  for (const site of ['ours', 'baseline'] as const) {
    for (const [route, hosts] of Object.entries(results.thirdPartyHosts[site])) {
      if (hosts.length) lines.push(`Third-party hosts, ${site} ${route}: ${hosts.join(', ')}`)
    }
  }
  for (const site of ['ours', 'baseline'] as const) {
    for (const [route, audits] of Object.entries(results.lighthouseFailed[site])) {
      if (audits.length) lines.push(`Lighthouse audits failed, ${site} ${route}: ${audits.join(', ')}`)
    }
  }
  const t = results.targetsMet
  lines.push(`Targets: ${t.met} met, ${t.missed} missed${t.unmeasured ? `, ${t.unmeasured} not measured` : ''}`)
  for (const m of results.missing) lines.push(`Missing: ${m}`)
  for (const e of results.errors) lines.push(`Error: ${e.split('\n')[0]}`)
  return lines.join('\n')
}
