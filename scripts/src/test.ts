import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openCpuAccount } from './cpu-account'
import { pgliteTemplate } from './pglite-template'
import { machineBusySeconds } from './proc'
import { ancestors, exists, forEachLine, signal, spawnGroup, stopGroup } from './processes'
import {
  type Counts,
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
  type TestTime,
  totals,
  vitestCounts,
  vitestTimes,
} from './report'
import { memoryScratch, sweepScratch } from './scratch'
import { bold } from './term'

const root = fileURLToPath(new URL('../..', import.meta.url))
// The suites' scratch files (their databases, the stacks' folders, the browsers' profiles and shared memory) go to a
// folder in memory where the machine has one with room, removed when the run ends: on a disk, the kernel writing them
// back took a tenth of the run's CPU (docs/decisions/platform.md). Every step inherits it as TMPDIR.
const SCRATCH_PREFIX = 'chainellation-test-'
sweepScratch(SCRATCH_PREFIX)
const scratch = memoryScratch(SCRATCH_PREFIX)
if (scratch) process.env.TMPDIR = scratch
// Node keeps the code V8 compiled for each module it loads (module.enableCompileCache) and every process of the run,
// the suites' workers, the stacks' API and indexer and the browser suite's workers, loads it from there instead of
// compiling the same modules again: the server's suite took 76 s of CPU with it warm against 85 s without
// (docs/decisions/platform.md). It stays with the installed modules, which `npm ci` removes.
process.env.NODE_COMPILE_CACHE ||= join(root, 'node_modules', '.cache', 'chainellation', 'node-compile-cache')
const reports = mkdtempSync(join(tmpdir(), 'chainellation-test-'))
const results: StepResult[] = []
const times: TestTime[] = []
const started = performance.now()
// CPU is what a run costs whatever else the machine does: wall time follows the machine's speed and its load, CPU
// seconds far less (docs/testing.md). Every process of the run is counted, from a control group of its own where it
// may make one; those that leave the process tree (the browsers' renderers, the stacks' services) are the browser
// suite's larger part (src/cpu-account.ts).
const account = openCpuAccount(SCRATCH_PREFIX)
const machineAtStart = machineBusySeconds()
/** Run beside each other, typecheck and compile share one figure. */
let sideBySideCpu = 0

type Suite = { name: string; script: string; runner: 'vitest' | 'playwright' }

// The suites run one after another, each with the whole machine, as a developer runs any one of them: the unit suites
// first (their failures come minutes sooner), the browser suite last. Run side by side on two cores, whichever suite
// was given the smaller share of the CPU ran into its waits: the pages under test, the contracts' property tests or
// the stacks `npm start` starts (docs/decisions/platform.md). A unit suite has a worker for each core: Vitest's own
// default leaves one core free, and on two cores ran the server's, scripts' and web's files one at a time.
const browserSuite: Suite = { name: 'e2e', script: 'test', runner: 'playwright' }
const unitSuites: Suite[] = [
  { name: 'contracts', script: 'test', runner: 'vitest' },
  { name: 'art', script: 'test', runner: 'vitest' },
  // This workspace's `test` script is this orchestrator; its own tests run as `test:unit`.
  { name: 'scripts', script: 'test:unit', runner: 'vitest' },
  { name: 'bench', script: 'test', runner: 'vitest' },
  { name: 'indexer', script: 'test', runner: 'vitest' },
  { name: 'server', script: 'test', runner: 'vitest' },
  { name: 'web', script: 'test', runner: 'vitest' },
]
const suites = [...unitSuites, browserSuite]
// Per suite. The end-to-end suite takes about 15 minutes alone on a slow two-core machine; more when it is shared.
const TIMEOUT_MS = 25 * 60_000

/** A workspace's package name: `-w <folder>` would select the workspaces nested in it too (bench/baseline in bench). */
const packageOf = (workspace: string): string =>
  (JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')) as { name: string }).name

const scriptsOf = (workspace: string): Record<string, string> =>
  (JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')) as { scripts?: Record<string, string> })
    .scripts ?? {}

// Process groups of the steps running now (typechecks run two at a time).
const running = new Set<number>()
let interrupted = false
process.on('exit', () => {
  for (const pid of running) signal(-pid, 'SIGKILL')
})
const heading = (text: string) => process.stdout.write(`\n${bold(`▶ ${text}`)}\n`)

type Run = { code: number | null; output: string[] }

/**
 * Runs `npm args…` in its own process group, streaming (or buffering) its output.
 */
function npm(args: string[], env: NodeJS.ProcessEnv = {}, buffer = false): Promise<Run> {
  // Once interrupted, a step finishing must not let the next one start.
  if (interrupted) return Promise.resolve({ code: null, output: [] })
  return new Promise((resolve) => {
    // Children write to a pipe, not the terminal; keep their colours when a person is watching.
    const color = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}
    const child = spawnGroup('npm', args, { cwd: root, env: { ...process.env, ...color, ...env } })
    if (child.pid) running.add(child.pid)
    const output: string[] = []
    forEachLine(child, (line) => (buffer ? output.push(line) : process.stdout.write(`${line}\n`)))
    const timer = setTimeout(() => {
      output.push(`timed out after ${formatDuration(TIMEOUT_MS)}`)
      if (child.pid) void stopGroup(child.pid)
    }, TIMEOUT_MS)
    child.once('exit', (code) => {
      clearTimeout(timer)
      if (child.pid) running.delete(child.pid)
      resolve({ code, output })
    })
  })
}

async function lint() {
  heading('lint (biome check .)')
  const t = performance.now()
  const cpu = account.seconds()
  const { code } = await npm(['run', '--silent', 'lint'])
  results.push({
    name: 'lint',
    status: code === 0 ? 'passed' : 'failed',
    ms: performance.now() - t,
    cpuSeconds: account.seconds() - cpu,
  })
}

/**
 * Typechecks every workspace, two at a time (each on one thread, tsconfig.base.json; CI has two cores), beside the
 * contracts' compilation: its lines are printed as one block once it has finished.
 */
async function typecheck() {
  const workspaces = ['contracts', ...suites.map((s) => s.name).filter((n) => n !== 'contracts')]
  const targets = workspaces.filter((w) => scriptsOf(w).typecheck)
  const t = performance.now()
  const failed: string[] = []
  const lines: string[] = []
  const queue = [...targets]
  const worker = async () => {
    for (let w = queue.shift(); w; w = queue.shift()) {
      const { code, output } = await npm(['run', '--silent', 'typecheck', '-w', packageOf(w)], {}, true)
      lines.push(`${code === 0 ? '✓' : '✗'} ${w}`)
      if (code !== 0) {
        failed.push(w)
        lines.push(...output)
      }
    }
  }
  await Promise.all([worker(), worker()])
  const ms = performance.now() - t
  heading(`typecheck (${targets.join(', ')}), ${formatDuration(ms)}`)
  process.stdout.write(`${lines.join('\n')}\n`)
  results.push({
    name: 'typecheck',
    status: failed.length ? 'failed' : 'passed',
    reason: failed.length ? failed.join(', ') : undefined,
    ms,
  })
}

/** Runs one suite, its output streamed as it comes. */
async function suite({ name, script, runner }: Suite) {
  if (!scriptsOf(name)[script]) {
    results.push({ name, status: 'none', ms: 0 })
    return
  }
  heading(`${name} (npm run ${script} -w ${name})`)
  const report = join(reports, `${name}.json`)
  const t = performance.now()
  const cpu = account.seconds()
  const run =
    runner === 'vitest'
      ? await npm([
          'run',
          script,
          '-w',
          packageOf(name),
          '--',
          `--maxWorkers=${availableParallelism()}`,
          '--reporter=default',
          '--reporter=json',
          `--outputFile=${report}`,
        ])
      : await npm(['run', script, '-w', packageOf(name), '--', '--reporter=list,json'], {
          PLAYWRIGHT_JSON_OUTPUT_FILE: report,
        })
  const ms = performance.now() - t
  let counts: Counts | undefined
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'))
    counts = runner === 'vitest' ? vitestCounts(json) : playwrightCounts(json)
    times.push(...(runner === 'vitest' ? vitestTimes(name, json, join(root, name)) : playwrightTimes(name, json)))
  }
  results.push({ ...judgeSuite(name, run.code, counts, ms), cpuSeconds: account.seconds() - cpu })
}

/** Compiles the contracts (cached by content) before the suites that deploy or read them. */
async function compileContracts() {
  heading('compile (npm run compile -w contracts)')
  const t = performance.now()
  const { code, output } = await npm(['run', '--silent', 'compile', '-w', 'contracts'], {}, true)
  process.stdout.write(`${code === 0 ? '✓' : '✗'} contracts compiled\n`)
  if (code !== 0) process.stdout.write(`${output.join('\n')}\n`)
  results.push({ name: 'compile', status: code === 0 ? 'passed' : 'failed', ms: performance.now() - t })
}

function finish(): never {
  rmSync(reports, { recursive: true, force: true })
  if (scratch) rmSync(scratch, { recursive: true, force: true })
  const sum = totals(results)
  const ok = results.every((r) => r.status !== 'failed')
  // In the order the steps are listed, whichever finished first.
  const order = ['lint', 'typecheck', 'compile', ...suites.map((x) => x.name)]
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length)
  results.sort((a, b) => rank(a.name) - rank(b.name))
  process.stdout.write(`\n${formatTable(results)}\n\n`)
  if (times.length) process.stdout.write(`${formatSlowest(slowest(times))}\n\n`)
  const failures = formatFailures(times)
  if (failures) process.stdout.write(`${failures}\n\n`)
  process.stdout.write(`Total time: ${formatDuration(performance.now() - started)}\n`)
  const cpu = account.seconds()
  account.close()
  const counted = account.kind === 'group' ? 'every one, from its control group' : 'those reaped only'
  process.stdout.write(
    `CPU: ${formatDuration(cpu * 1000)} in the run's processes (${counted}; typecheck and compile side by side ${formatDuration(sideBySideCpu * 1000)}); the machine was busy ${formatDuration((machineBusySeconds() - machineAtStart) * 1000)}\n`,
  )
  process.stdout.write(`${summaryLine(sum)}\n`)
  process.exit(ok ? 0 : 1)
}

async function interrupt(reason: string) {
  if (interrupted) return
  interrupted = true
  await Promise.all([...running].map((pid) => stopGroup(pid)))
  results.push({ name: 'interrupted', status: 'failed', reason, ms: 0 })
  finish()
}
for (const name of ['SIGINT', 'SIGTERM'] as const) process.on(name, () => interrupt(name))
// npm does not pass a SIGTERM on to its script; stop the suites when npm goes away.
const above = ancestors(process.pid)
setInterval(() => {
  if (!above.every(exists)) void interrupt('npm exited')
}, 1000).unref()

if (scratch) process.stdout.write(`Scratch files in memory: ${scratch}\n`)
await lint()
// The stacks' and the suites' PGlite databases begin as copies of an empty cluster made once per PGlite build
// (src/pglite-template.ts). On a fresh install it is made here, beside the compilation and the typecheck, rather than
// in a suite's setup, where making it (PGlite's initdb, on the setup's own thread) held the deploy beside it up for
// 6–9 s at a time. Should making it fail, the suites that open a database say so.
const template = (owner: 'server' | 'indexer') => pgliteTemplate(owner).catch(() => undefined)
const cpuBefore = account.seconds()
await Promise.all([typecheck(), compileContracts(), template('server'), template('indexer')])
sideBySideCpu = account.seconds() - cpuBefore
for (const s of suites) await suite(s)
finish()
