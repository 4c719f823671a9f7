import { spawn } from 'node:child_process'
import { formatDuration } from '@chainellation/scripts/report'
import { bold } from '@chainellation/scripts/term'
import { cards } from './measurements/cards'
import { discovery } from './measurements/discovery'
import { frontend } from './measurements/frontend'
import { gas } from './measurements/gas'
import type { Measurement } from './measurements/measurement'
import { mint } from './measurements/mint'
import { prod } from './measurements/prod'
import { reminders } from './measurements/reminders'
import { scale } from './measurements/scale'
import { skiesOf } from './measurements/skies-of'
import { stargaze } from './measurements/stargaze'
import { reportPath, ROOT as root } from './reports'
import { formatNotes, formatTable } from './results/format'
import { collectResults } from './results/results'

// Later measurements (API latency, say) join this list.
const all: Measurement[] = [gas, skiesOf, mint, stargaze, cards, discovery, prod, reminders, frontend]
// Run only when named: discovery at ten times the community takes longer than all the others.
const named: Measurement[] = [scale]
// `npm run bench -- frontend gas` runs only those; bench/reports/results.json then leaves out the figures not measured.
const only = process.argv.slice(2)
const known = [...all, ...named]
const unknown = only.filter((name) => !known.some((m) => m.name === name))
if (unknown.length) {
  process.stderr.write(`unknown measurement ${unknown.join(', ')}; known: ${known.map((m) => m.name).join(', ')}\n`)
  process.exit(2)
}
const measurements = only.length ? known.filter((m) => only.includes(m.name)) : all

const benchStartedAt = Date.now()
const rows: { name: string; ok: boolean; summary: string; ms: number }[] = []

for (const m of measurements) {
  process.stdout.write(`\n${bold(`▶ ${m.name} (${m.command.join(' ')})`)}\n`)
  const startedAt = Date.now()
  const [command, ...args] = m.command
  const code = await new Promise<number | null>((resolve) =>
    spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] }).once('exit', resolve),
  )
  let summary = code === 0 ? '' : `exited with ${code}`
  try {
    const found = m.summarize(startedAt)
    summary = summary ? `${summary}; ${found}` : found
  } catch (error) {
    summary = `${summary ? `${summary}; ` : ''}${error instanceof Error ? error.message : String(error)}`
    rows.push({ name: m.name, ok: false, summary, ms: Date.now() - startedAt })
    continue
  }
  rows.push({ name: m.name, ok: code === 0, summary, ms: Date.now() - startedAt })
}

const width = Math.max(...rows.map((r) => r.name.length))
process.stdout.write('\n')
for (const r of rows) {
  process.stdout.write(
    `${r.name.padEnd(width)}  ${r.ok ? 'ok    ' : 'FAILED'}  ${formatDuration(r.ms).padStart(10)}  ${r.summary}\n`,
  )
}

let resultsOk = true
try {
  const results = collectResults(benchStartedAt)
  process.stdout.write(`\n${bold('Ours beside a stock RainbowKit starter')}\n${formatTable(results.figures)}\n\n`)
  process.stdout.write(
    `${formatNotes(results)}\n(${reportPath('results')}; whole run ${formatDuration(Date.now() - benchStartedAt)})\n`,
  )
} catch (error) {
  resultsOk = false
  process.stderr.write(`${reportPath('results')}: ${error instanceof Error ? error.message : String(error)}\n`)
}
process.exit(resultsOk && rows.every((r) => r.ok) ? 0 : 1)
