// The CPU time of every process a run starts, those that leave its process tree included. A process's CPU reaches its
// parent's cutime and cstime only when the parent waits for it; the processes that outlive their parent are handed to
// init and counted nowhere: the browsers' renderers and GPU processes, whose browser is killed at the end of a test
// run, and the stacks' services. In the browser suite they were two thirds of its CPU (docs/testing.md). A control
// group counts every process in it, whoever becomes its parent, and every process started inside stays inside
// (cgroups(7)); where the run may make one, it runs in one of its own.
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { procStat } from './proc'

export type CpuAccount = {
  /**
   * `group`: every process since the account opened, from the run's control group. `reaped`: the processes this one
   * has waited for, as they were counted before (where no group may be made: not root, or no cgroup file system).
   */
  kind: 'group' | 'reaped'
  /** CPU seconds so far. */
  seconds(): number
  /** Leaves the group and removes it once empty; the account gives no figure (NaN) from then on. */
  close(): void
}

/** Where a hierarchy is mounted: the cgroup v2 one (`cgroup2`), or the v1 one carrying the cpuacct controller. */
export function cgroupMount(mountinfo: string, version: 2 | 1): string | undefined {
  for (const line of mountinfo.split('\n')) {
    // proc(5), /proc/pid/mountinfo: `id parent major:minor root mountpoint options [optional…] - fstype source superoptions`.
    const [before = '', after = ''] = line.split(' - ')
    const [fstype = '', , superOptions = ''] = after.split(' ')
    const mountPoint = before.split(' ')[4]
    if (!mountPoint) continue
    if (version === 2 && fstype === 'cgroup2') return mountPoint
    if (version === 1 && fstype === 'cgroup' && superOptions.split(',').includes('cpuacct')) return mountPoint
  }
  return undefined
}

/** This process's group in a hierarchy, from /proc/self/cgroup (`0::/path` for v2, `N:…cpuacct…:/path` for v1). */
export function ownGroup(cgroup: string, version: 2 | 1): string | undefined {
  for (const line of cgroup.split('\n')) {
    const match = /^(\d+):([^:]*):(.*)$/.exec(line)
    if (!match) continue
    const [, id, controllers = '', path] = match
    if (version === 2 && id === '0' && controllers === '') return path
    if (version === 1 && controllers.split(',').includes('cpuacct')) return path
  }
  return undefined
}

/** CPU seconds a group's processes have used, from cpu.stat (v2, microseconds) or cpuacct.usage (v1, nanoseconds). */
export function groupCpuSeconds(dir: string, version: 2 | 1): number {
  if (version === 1) return Number(readFileSync(join(dir, 'cpuacct.usage'), 'utf8').trim()) / 1e9
  const usage = /^usage_usec (\d+)$/m.exec(readFileSync(join(dir, 'cpu.stat'), 'utf8'))?.[1]
  return Number(usage ?? Number.NaN) / 1e6
}

/** The processes this one has waited for, and itself. */
function reapedSeconds(): number {
  const own = process.cpuUsage()
  return (procStat(process.pid)?.childrenCpuSeconds ?? 0) + (own.user + own.system) / 1e6
}

/** Something to wait on: close() runs as the process exits, where nothing asynchronous would run. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4))

const reaped = (): CpuAccount => ({ kind: 'reaped', seconds: reapedSeconds, close: () => {} })

/** Removes the groups named `prefix…` that earlier runs, stopped before they could, left behind empty. */
function sweepGroups(parent: string, prefix: string) {
  try {
    for (const entry of readdirSync(parent)) {
      if (!entry.startsWith(prefix)) continue
      try {
        rmdirSync(join(parent, entry))
      } catch {} // Processes still in it.
    }
  } catch {}
}

/**
 * Moves this process into a new group under its own, named `prefix` and this process's id, and counts from there;
 * `reaped` where that cannot be done. The group sits under this process's own, so that limits set above it (a CPU
 * quota) still hold.
 */
export function openCpuAccount(prefix: string): CpuAccount {
  const name = `${prefix}${process.pid}`
  const mountinfo = readFileSync('/proc/self/mountinfo', 'utf8')
  const cgroup = readFileSync('/proc/self/cgroup', 'utf8')
  for (const version of [2, 1] as const) {
    const mount = cgroupMount(mountinfo, version)
    const own = ownGroup(cgroup, version)
    if (!mount || own === undefined) continue
    const parent = join(mount, own)
    const dir = join(parent, name)
    sweepGroups(parent, prefix)
    try {
      mkdirSync(dir)
    } catch {
      continue
    }
    try {
      writeFileSync(join(dir, 'cgroup.procs'), String(process.pid))
      const start = groupCpuSeconds(dir, version)
      if (!Number.isFinite(start)) throw new Error(`no CPU figure in ${dir}`)
      let closed = false
      return {
        kind: 'group',
        seconds: () => (closed ? Number.NaN : groupCpuSeconds(dir, version) - start),
        close() {
          if (closed) return
          closed = true
          writeFileSync(join(parent, 'cgroup.procs'), String(process.pid))
          // Processes a step stopped may take a moment to end; one still running keeps the group, which the next
          // run's sweep removes once it is empty.
          for (let waited = 0; waited < 2000; waited += 50) {
            try {
              rmdirSync(dir)
              return
            } catch {
              Atomics.wait(PAUSE, 0, 0, 50)
            }
          }
        },
      }
    } catch {
      try {
        rmdirSync(dir)
      } catch {}
    }
  }
  return reaped()
}
