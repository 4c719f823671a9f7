import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { gas } from './bench/gas'
import type { Measurement } from './bench/measurement'
import { mint } from './bench/mint'
import { skiesOf } from './bench/skies-of'
import { stargaze } from './bench/stargaze'
import { formatDuration } from './report'
import { bold } from './term'

// Later measurements (bundle size, Lighthouse, API latency) join this list.
const measurements: Measurement[] = [gas, skiesOf, mint, stargaze]

const root = fileURLToPath(new URL('../..', import.meta.url))
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
    const found = m.summarize(root, startedAt)
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
process.exit(rows.every((r) => r.ok) ? 0 : 1)
