// Runs chosen end-to-end specs many times, under a CPU slowdown or beside a busy machine, to find a flaky test where it
// is cheap: before a whole CI run loses to it. `npm run test:repeat -w e2e -- [options] <spec or title filter>…`
//   --times N       each test N times (default 10; Playwright's --repeat-each)
//   --slowdown N    every page runs N times slower (default 4; Chromium's CPU throttling)
//   --load N        N busy loops beside the run, one per core it should take (default 0)
//   --project P     desktop, mobile or clock (default: every project the specs are in)
// Playwright's own options after a second `--` are passed on (`-- -g "a title"`). Fails as soon as a run fails, with its
// full trace (screencast frames too) kept in test-results/.
import { type ChildProcess, spawn } from 'node:child_process'
import { parseArgs } from 'node:util'

// Ours before a `--`, Playwright's own after it (`-- -g "a title"`).
const argv = process.argv.slice(2)
const split = argv.indexOf('--')
const ours = split === -1 ? argv : argv.slice(0, split)
const playwrights = split === -1 ? [] : argv.slice(split + 1)
const { values, positionals } = parseArgs({
  args: ours,
  options: {
    times: { type: 'string', default: '10' },
    slowdown: { type: 'string', default: '4' },
    load: { type: 'string', default: '0' },
    project: { type: 'string', multiple: true },
  },
  allowPositionals: true,
})
const count = (name: keyof typeof values, min: number) => {
  const value = Number(values[name])
  if (!Number.isInteger(value) || value < min) {
    process.stderr.write(`test:repeat: --${name} must be a whole number from ${min}, got "${values[name]}"\n`)
    process.exit(2)
  }
  return value
}
const times = count('times', 1)
const slowdown = count('slowdown', 1)
const load = count('load', 0)
if (positionals.length === 0) {
  process.stderr.write('test:repeat: name the specs to repeat, e.g. npm run test:repeat -w e2e -- drafts.spec.ts\n')
  process.exit(2)
}

// Busy loops in processes of their own, so that the machine is as busy as a shared CI runner can be.
const busy: ChildProcess[] = Array.from({ length: load }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
)
const stopBusy = () => {
  for (const child of busy) child.kill('SIGKILL')
}
process.on('exit', stopBusy)

const args = [
  'playwright',
  'test',
  ...positionals,
  `--repeat-each=${times}`,
  '--max-failures=1',
  ...(values.project ?? []).map((p) => `--project=${p}`),
  ...playwrights,
]
process.stdout.write(
  `repeating ${positionals.join(' ')} ${times}× at ${slowdown}× CPU slowdown with ${load} busy loop(s)\n`,
)
const run = spawn('npx', args, {
  stdio: 'inherit',
  env: { ...process.env, E2E_CPU_SLOWDOWN: String(slowdown), E2E_FULL_TRACE: '1' },
})
run.once('exit', (code) => {
  stopBusy()
  process.exit(code ?? 1)
})
// Stopped from outside (Ctrl-C, a timeout): the busy loops go at once, and Playwright gets the interrupt it tears the
// stack down on; the loops outlived the script before, and slowed every run after it.
for (const name of ['SIGINT', 'SIGTERM'] as const) {
  process.on(name, () => {
    stopBusy()
    run.kill('SIGINT')
  })
}
