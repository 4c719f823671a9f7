import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHAOS_REPORT_DIR, combine, formatChaosTable, readChaosReports } from '@chainellation/scripts/chaos'
import { forEachLine, signal, spawnGroup, stopGroup } from '@chainellation/scripts/processes'
import { formatDuration } from '@chainellation/scripts/report'
import { bold } from '@chainellation/scripts/term'
import { ROOT, reportPath, writeReport } from './reports'

/** A test run that leaves chaos reports, the report files it must leave, and where its test files are. */
type Step = { name: string; command: string[]; reports: string[]; tests: { dir: string; match: RegExp } }

// Test files are picked by name: vitest and Playwright take the word after `--` as a file-path filter.
const all: Step[] = [
  {
    name: 'fuzz',
    command: ['npm', 'run', 'test', '-w', 'server', '--', 'fuzz'],
    reports: ['api-fuzz.json'],
    tests: { dir: 'server/src', match: /fuzz[^/]*\.test\.ts$/ },
  },
  {
    name: 'durability',
    command: ['npm', 'run', 'test', '-w', 'server', '--', 'durability'],
    reports: ['durability-pglite.json', 'durability-postgres.json'],
    tests: { dir: 'server/src', match: /durability[^/]*\.test\.ts$/ },
  },
  {
    // The chain's faults (rpc-faults.spec.ts), the wallet's (wallet-faults*.spec.ts) and the transactions'
    // (transaction-faults.desktop.spec.ts).
    name: 'e2e-faults',
    command: ['npm', 'run', 'test', '-w', 'e2e', '--', 'faults'],
    reports: ['e2e-faults-rpc.json', 'e2e-faults-wallet.json'],
    tests: { dir: 'e2e/tests', match: /faults[^/]*\.spec\.ts$/ },
  },
  {
    // The production shape's drills (bench/drills): an API process and the indexer's writer killed, the provider
    // throttling, a rate limit across processes, a crowd at the relayer, an API process killed while it sends the
    // night's reminders; each starts a rehearsal (or the reminders' bench) of its own.
    name: 'drills',
    command: ['npm', 'run', 'drills', '-w', '@chainellation/bench'],
    reports: [
      'drill-rate-limits.json',
      'drill-api-kill.json',
      'drill-writer-kill.json',
      'drill-provider-429.json',
      'drill-relay-crowd.json',
      'drill-reminders-kill.json',
    ],
    tests: { dir: 'bench/drills', match: /\.drill\.ts$/ },
  },
]
// `npm run chaos -- durability` runs only that step; bench/reports/chaos.json then holds only its figures.
const only = process.argv.slice(2)
const unknown = only.filter((name) => !all.some((s) => s.name === name))
if (unknown.length) {
  process.stderr.write(`unknown step ${unknown.join(', ')}; known: ${all.map((s) => s.name).join(', ')}\n`)
  process.exit(2)
}
const steps = only.length ? all.filter((s) => only.includes(s.name)) : all

const reportDir = mkdtempSync(join(tmpdir(), 'chainellation-chaos-'))
const startedAt = Date.now()
let current: number | undefined
process.on('exit', () => {
  if (current) signal(-current, 'SIGKILL')
  rmSync(reportDir, { recursive: true, force: true })
})
for (const name of ['SIGINT', 'SIGTERM'] as const) {
  process.on(name, async () => {
    if (current) await stopGroup(current)
    process.exit(1)
  })
}

const ran: { name: string; command: string; exitCode: number | null; ms: number; note?: string }[] = []
for (const step of steps) {
  process.stdout.write(`\n${bold(`▶ ${step.name} (${step.command.join(' ')})`)}\n`)
  // Playwright would start the whole stack before finding no test; a step without tests fails at once instead.
  const files = readdirSync(join(ROOT, step.tests.dir), { recursive: true, encoding: 'utf8' })
  if (!files.some((file) => step.tests.match.test(file))) {
    const note = `no test file in ${step.tests.dir} matches ${step.tests.match}`
    process.stdout.write(`${note}\n`)
    ran.push({ name: step.name, command: step.command.join(' '), exitCode: null, ms: 0, note })
    continue
  }
  const t = Date.now()
  const [command = 'npm', ...args] = step.command
  // Each step in its own process group, so an interrupt also stops the servers and browsers a test started.
  const child = spawnGroup(command, args, { cwd: ROOT, env: { ...process.env, [CHAOS_REPORT_DIR]: reportDir } })
  current = child.pid
  forEachLine(child, (line) => process.stdout.write(`${line}\n`))
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  current = undefined
  ran.push({ name: step.name, command: step.command.join(' '), exitCode, ms: Date.now() - t })
}

const results = combine(
  readChaosReports(reportDir),
  steps.flatMap((s) => s.reports),
)
const failedSteps = ran.filter((r) => r.exitCode !== 0)
writeReport('chaos', {
  generatedAt: new Date().toISOString(),
  machine: { cpus: cpus().length, node: process.version },
  steps: ran,
  ...results,
  ok: results.ok && failedSteps.length === 0,
})

process.stdout.write(`\n${bold('Faults injected, bad input refused, writes kept')}\n${formatChaosTable(results)}\n\n`)
for (const r of ran) {
  const outcome = r.exitCode === 0 ? 'passed' : `FAILED (${r.note ?? `exit ${r.exitCode ?? 'by a signal'}`})`
  process.stdout.write(`${r.name}: ${outcome} in ${formatDuration(r.ms)}\n`)
}
process.stdout.write(`(${reportPath('chaos')}; whole run ${formatDuration(Date.now() - startedAt)})\n`)
process.exit(results.ok && failedSteps.length === 0 ? 0 : 1)
