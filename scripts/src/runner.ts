// One way to start services, shared by the local stack (`npm start`, the end-to-end tests, the benches) and the
// rehearsal of the production shape: each service's output kept and logged, steps that must end well, services
// watched (or supervised and restarted, as systemd or Kubernetes would), readiness by a URL that answers 2xx, an early
// exit reported once, and a stop in order that also runs when this process dies without one.
import type { ChildProcess } from 'node:child_process'
import { Writable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { forEachLine, signal, spawnGroup, stopGroup } from './processes'
import { type Supervised, supervise } from './supervise'

export type Exit = { code: number | null; signal: NodeJS.Signals | null }

export const exitText = ({ code, signal: sig }: Exit) => (sig ? `signal ${sig}` : `code ${code}`)

/** The lines of a service's output kept to explain its failure. */
const TAIL_LINES = 30

export type RunnerOptions<Name extends string> = {
  /** Every output line of the services. */
  log?: (source: Name, line: string) => void
  /** Aborting during startup makes the next wait throw. */
  signal?: AbortSignal
  /** The error a service's failure to start is reported with; `output` is its last lines. */
  startError: (name: Name, reason: string, output: string[]) => Error
}

export type ServiceOptions = {
  /** Started again when it dies, waiting `backoffMs` before each restart; otherwise its exit ends the run. */
  supervised?: boolean
  backoffMs?: (restart: number) => number
  /** Said when a supervised service restarts. */
  onRestart?: (restart: number, exit: Exit, delayMs: number) => void
  /** What stops it on purpose (Ponder releases its schema's lock on SIGINT only). */
  stopSignal?: NodeJS.Signals
  /** How long it may take to stop before SIGKILL. */
  graceMs?: number
  /** The program run with the args (default this Node.js, as every service but a proxy is). */
  command?: string
}

/** A service the runner started: its current process and, when supervised, its restarts so far. */
export type RunningService = { readonly child: ChildProcess; pid: () => number | undefined; restarts: () => number }

type Entry = { run: Pick<Supervised, 'child' | 'restarts' | 'release'>; options: ServiceOptions }

export function createRunner<Name extends string>(options: RunnerOptions<Name>) {
  const log = options.log ?? (() => {})
  const tails = new Map<Name, string[]>()
  const services = new Map<Name, Entry>()
  const steps = new Set<ChildProcess>()
  const cleanups: (() => unknown)[] = []
  const lastResorts: (() => void)[] = []
  let stopping = false
  let reportExit: (exit: Exit & { name: Name }) => void = () => {}
  /** Resolves when a service stops for good without `stop()` having been called. */
  const exited = new Promise<Exit & { name: Name }>((resolve) => {
    reportExit = resolve
  })

  const record = (name: Name, line: string) => {
    const tail = tails.get(name) ?? []
    tail.push(line)
    if (tail.length > TAIL_LINES) tail.shift()
    tails.set(name, tail)
    log(name, line)
  }
  const tailOf = (name: Name) => tails.get(name) ?? []
  const fail = (name: Name, reason: string) => options.startError(name, reason, tailOf(name))

  // Last resort if this process dies without stop(): take every group down with it.
  const killAll = () => {
    for (const { run } of services.values()) if (run.child.pid) signal(-run.child.pid, 'SIGKILL')
    for (const child of steps) if (child.pid) signal(-child.pid, 'SIGKILL')
    for (const kill of lastResorts) kill()
  }
  process.on('exit', killAll)

  const spawnNode = (name: Name, args: string[], cwd: string, env: NodeJS.ProcessEnv, command = process.execPath) => {
    const child = spawnGroup(command, args, { cwd, env: { ...process.env, ...env } })
    forEachLine(child, (line) => record(name, line))
    return child
  }

  const checkAbort = () => {
    if (options.signal?.aborted) throw new Error('startup aborted')
  }
  /** Reports `name`'s exit as the end of the run, unless the runner is stopping (for processes it did not spawn). */
  const watch = (name: Name, child: ChildProcess) => {
    child.once('exit', (code, sig) => {
      if (!stopping) reportExit({ name, code, signal: sig })
    })
  }

  return {
    exited,
    record,
    tailOf,
    checkAbort,
    watch,
    /** The runner is stopping: exits from now on are expected. */
    stopping: () => stopping,
    /** A stream whose lines are recorded as `name`'s output (for a process started by a library, anvil's). */
    lines: (name: Name) =>
      new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n')) if (line.trim()) record(name, line)
          done()
        },
      }),
    /** Runs `node args` in `cwd` to its end; rejects naming `name` unless it exits 0. */
    step(name: Name, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
      return new Promise<void>((resolve, reject) => {
        const child = spawnNode(name, args, cwd, env)
        steps.add(child)
        child.once('exit', (code, sig) => {
          steps.delete(child)
          if (code === 0) resolve()
          else reject(fail(name, `it exited with ${exitText({ code, signal: sig })}`))
        })
      })
    },
    /** Starts `node args` (or `how.command args`) in `cwd` as a service, stopped by `stop()`. */
    service(name: Name, args: string[], cwd: string, env: NodeJS.ProcessEnv, how: ServiceOptions = {}) {
      const start = () => spawnNode(name, args, cwd, env, how.command)
      let run: Entry['run']
      if (how.supervised) {
        run = supervise({
          start,
          backoffMs: how.backoffMs,
          onRestart: how.onRestart,
          onGiveUp: (exit) => {
            if (!stopping) reportExit({ name, ...exit })
          },
        })
      } else {
        const child = start()
        watch(name, child)
        run = { child, restarts: 0, release: () => {} }
      }
      services.set(name, { run, options: how })
      return {
        get child() {
          return run.child
        },
        pid: () => run.child.pid,
        restarts: () => run.restarts,
      } satisfies RunningService
    },
    /** Resolves once `url` answers 2xx; throws naming `name` if its process ends (for good) first or after `timeoutMs`. */
    async answers(name: Name, url: string, timeoutMs = 60_000, everyMs = 100) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        checkAbort()
        const entry = services.get(name)
        const child = entry?.run.child
        if (child && (child.exitCode !== null || child.signalCode !== null)) {
          const exit = exitText({ code: child.exitCode, signal: child.signalCode })
          if (!entry.options.supervised) throw fail(name, `exited with ${exit} before answering`)
          if (entry.run.restarts > 2) throw fail(name, 'it keeps exiting')
        }
        try {
          const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
          if (res.ok) return
        } catch {
          // Not listening yet.
        }
        if (Date.now() > deadline) throw fail(name, `no answer at ${url} within ${timeoutMs / 1000} s`)
        await sleep(everyMs)
      }
    },
    /** Forgets a service that ended on purpose (a build run as a service). */
    forget(name: Name) {
      services.delete(name)
    },
    /** Runs after the services have stopped, the last registered first (a chain, a database, a folder). */
    onStop(cleanup: () => unknown, lastResort?: () => void) {
      cleanups.unshift(cleanup)
      if (lastResort) lastResorts.push(lastResort)
    },
    /**
     * Stops the services, group after group in `order` (each group at once), then the rest, then the steps still
     * running, then the cleanups. Safe to call twice.
     */
    async stop(order: Name[][] = []) {
      stopping = true
      const stopOne = async (name: Name) => {
        const entry = services.get(name)
        if (!entry) return
        services.delete(name)
        entry.run.release()
        const pid = entry.run.child.pid
        if (pid) await stopGroup(pid, entry.options.graceMs, entry.options.stopSignal)
      }
      for (const group of order) await Promise.all(group.map(stopOne))
      await Promise.all([...services.keys()].map(stopOne))
      await Promise.all([...steps].map((child) => (child.pid ? stopGroup(child.pid) : undefined)))
      for (const cleanup of cleanups.splice(0)) await cleanup()
      process.off('exit', killAll)
    },
  }
}

export type Runner<Name extends string> = ReturnType<typeof createRunner<Name>>

/**
 * One service on its own (a bench's API or preview server): started, ready once `readyUrl` answers 2xx, stopped with
 * `stop()`, which also runs `cleanup`. Its last lines explain a failure to start.
 */
export async function startOne(
  what: string,
  start: { args: string[]; cwd: string; env?: NodeJS.ProcessEnv },
  readyUrl: string,
  { timeoutMs = 60_000, cleanup = () => {} }: { timeoutMs?: number; cleanup?: () => unknown } = {},
) {
  const runner = createRunner<string>({
    startError: (_, reason, output) => new Error(`${what} did not start: ${reason}\n${output.slice(-20).join('\n')}`),
  })
  runner.onStop(cleanup)
  const service = runner.service(what, start.args, start.cwd, start.env ?? {})
  const stop = () => runner.stop()
  try {
    await runner.answers(what, readyUrl, timeoutMs)
  } catch (error) {
    await stop()
    throw error
  }
  return { pid: service.pid(), stop }
}
