import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { procStats } from './proc'

export type ProcessRow = { pid: number; ppid: number; pgid: number; state: string }

/** One line of `ps -A -o pid=,ppid=,pgid=,stat=`. */
export function parsePsLine(line: string): ProcessRow | undefined {
  const [pid, ppid, pgid, state] = line.trim().split(/\s+/)
  if (!pid || !ppid || !pgid || !state) return undefined
  return { pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), state }
}

/** Every process of the machine, from `/proc` on Linux (./proc.ts): nothing to install, not even `ps`. */
const procTable = (): ProcessRow[] => procStats().map(({ pid, ppid, pgid, state }) => ({ pid, ppid, pgid, state }))

// Elsewhere (macOS, the BSDs) `ps` is part of the base system.
const psTable = (): ProcessRow[] =>
  execFileSync('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat='], { encoding: 'utf8' })
    .split('\n')
    .flatMap((line) => parsePsLine(line) ?? [])

/**
 * The running processes. Read from the process table rather than kill(pid, 0): zombies (exited, not yet
 * reaped; state Z) must count as gone.
 */
export function processTable(): ProcessRow[] {
  return (process.platform === 'linux' ? procTable() : psTable()).filter((row) => !row.state.startsWith('Z'))
}

/** The entries of `pids` still running; a negative entry stands for a process group with any member left. */
export function alive(pids: number[]): number[] {
  const table = processTable()
  return pids.filter((pid) => table.some((row) => (pid < 0 ? row.pgid === -pid : row.pid === pid)))
}

/** Sends `signal` to `pid` (negative: a process group), ignoring processes that are already gone. */
export function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
  }
}

/** Resolves true once nothing in `pids` (see {@link alive}) is running, false after `timeoutMs`. */
export async function waitGone(pids: number[], timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (alive(pids).length > 0) {
    if (Date.now() > deadline) return false
    await sleep(100)
  }
  return true
}

/** Every running process below `pid`, nearest first. */
export function descendants(pid: number): number[] {
  const table = processTable()
  const found: number[] = []
  const queue = [pid]
  for (let parent = queue.shift(); parent !== undefined; parent = queue.shift()) {
    for (const row of table) {
      if (row.ppid === parent && !found.includes(row.pid)) {
        found.push(row.pid)
        queue.push(row.pid)
      }
    }
  }
  return found
}

/** The chain of processes above `pid` (parent first), stopping below init. */
export function ancestors(pid: number): number[] {
  const table = processTable()
  const chain: number[] = []
  for (let row = table.find((r) => r.pid === pid); row && row.ppid > 1; ) {
    chain.push(row.ppid)
    const parent = row.ppid
    row = table.find((r) => r.pid === parent)
  }
  return chain
}

/** Cheap liveness check for one process (a zombie still counts; use {@link alive} where that matters). */
export function exists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Calls `onLine` with every line `child` writes to stdout or stderr. */
export function forEachLine(child: ChildProcess, onLine: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', onLine)
  }
}

/**
 * Spawns `command` as the leader of a new process group, so that stopping it also stops whatever it
 * started (tsx's esbuild service, Vite's workers) and a Ctrl-C in the terminal reaches only us. Node makes it the
 * leader of a new session too (`setsid`), done before `spawn` returns.
 */
export function spawnGroup(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  return spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
}

/**
 * `first` (SIGTERM unless told) to the group of `leader`, SIGKILL after `graceMs`; resolves when the whole group is
 * gone. A program that shuts down cleanly only on another signal is stopped with that one: Ponder on SIGINT
 * (docs/decisions/indexer.md, "When it crashes").
 */
export async function stopGroup(leader: number, graceMs = 5000, first: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  signal(-leader, first)
  if (await waitGone([-leader], graceMs)) return
  signal(-leader, 'SIGKILL')
  await waitGone([-leader], 2000)
}
