// The one reader of Linux's /proc (proc(5)) for the orchestration, the measurements and the tests: each process's
// line of `stat`, a field of its `status`, its command line and environment, and the machine's CPU time. A process may end between a listing and a read, so
// every read of one process answers undefined rather than throwing.
import { readdirSync, readFileSync } from 'node:fs'

/** Clock ticks a second in /proc's CPU times (USER_HZ: `getconf CLK_TCK`, 100 on Linux). */
const TICKS_PER_SECOND = 100

export type ProcStat = {
  pid: number
  comm: string
  state: string
  ppid: number
  pgid: number
  cpuSeconds: number
  /** CPU of its children it has waited for, theirs included in turn (cutime and cstime). */
  childrenCpuSeconds: number
}

/**
 * One line of `/proc/<pid>/stat`: `pid (comm) state ppid pgrp ... utime stime ...`. The command name may hold spaces
 * and parentheses of its own, so the fields after it are read from its last closing parenthesis on.
 */
export function parseProcStat(line: string): ProcStat | undefined {
  const open = line.indexOf('(')
  const close = line.lastIndexOf(')')
  const pid = Number.parseInt(line, 10)
  if (open < 0 || close < 0 || !Number.isInteger(pid)) return undefined
  const fields = line
    .slice(close + 1)
    .trim()
    .split(' ')
  const [state = '', ppid = '', pgid = ''] = fields
  if (!state || !/^\d+$/.test(ppid) || !/^\d+$/.test(pgid)) return undefined
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the command.
  const cpuSeconds = (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / TICKS_PER_SECOND
  // cutime and cstime follow them.
  const childrenCpuSeconds = (Number(fields[13] ?? 0) + Number(fields[14] ?? 0)) / TICKS_PER_SECOND
  return {
    pid,
    comm: line.slice(open + 1, close),
    state,
    ppid: Number(ppid),
    pgid: Number(pgid),
    cpuSeconds,
    childrenCpuSeconds,
  }
}

function readOr<T>(read: () => T): T | undefined {
  try {
    return read()
  } catch {
    return undefined // It ended between the listing and the read.
  }
}

export const procStat = (pid: number): ProcStat | undefined =>
  readOr(() => parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8')))

/** Every process of the machine. */
export function procStats(): ProcStat[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => procStat(Number(entry)) ?? [])
}

/** Each thread of process `pid` (`/proc/<pid>/task`), its thread id as `pid` and its name as `comm`; none once it has ended. */
export function threadStats(pid: number): ProcStat[] {
  const tasks = readOr(() => readdirSync(`/proc/${pid}/task`)) ?? []
  return tasks.flatMap(
    (tid) => readOr(() => parseProcStat(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'))) ?? [],
  )
}

/** A memory field of `/proc/<pid>/status` (VmRSS now, VmHWM the most ever held) in MiB; undefined once it is gone. */
export function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  const kb = readOr(() => new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
  return kb === undefined ? undefined : Number(kb) / 1024
}

/** A process's command line, its arguments joined by spaces; undefined once it has ended. */
export const procCommandLine = (pid: number): string | undefined =>
  readOr(() => readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0$/, '').replaceAll('\0', ' '))

/** A process's environment as it was started; undefined once it has ended. */
export function procEnvironment(pid: number): Record<string, string> | undefined {
  const text = readOr(() => readFileSync(`/proc/${pid}/environ`, 'utf8'))
  if (text === undefined) return undefined
  const entries = text.split('\0').filter(Boolean)
  return Object.fromEntries(
    entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  )
}

/** The machine's busy CPU time so far, every core's, in seconds (/proc/stat's first line less idle and iowait). */
export function machineBusySeconds(): number {
  const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).map(Number)
  const total = ticks.slice(0, 8).reduce((sum, t) => sum + (t || 0), 0)
  return (total - (ticks[3] ?? 0) - (ticks[4] ?? 0)) / TICKS_PER_SECOND
}
