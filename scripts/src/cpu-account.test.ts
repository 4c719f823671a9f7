import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cgroupMount, groupCpuSeconds, openCpuAccount, ownGroup } from './cpu-account'
import { procStat } from './proc'

// A hybrid machine's lines (v1 controllers, the v2 hierarchy beside them at unified/), then a v2-only one's.
const HYBRID_MOUNTINFO = [
  '30 22 0:27 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755',
  '31 30 0:28 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu',
  '32 30 0:29 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct',
  '40 30 0:37 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw',
].join('\n')
const SHARED_V1_MOUNTINFO = '25 24 0:22 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid shared:9 - cgroup cgroup rw,cpu,cpuacct'
const V2_MOUNTINFO =
  '29 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate'

describe('finding the groups', () => {
  it('finds the v2 hierarchy and the v1 one that carries cpuacct, alone or beside cpu', () => {
    expect(cgroupMount(HYBRID_MOUNTINFO, 2)).toBe('/sys/fs/cgroup/unified')
    expect(cgroupMount(HYBRID_MOUNTINFO, 1)).toBe('/sys/fs/cgroup/cpuacct')
    expect(cgroupMount(SHARED_V1_MOUNTINFO, 1)).toBe('/sys/fs/cgroup/cpu,cpuacct')
    expect(cgroupMount(SHARED_V1_MOUNTINFO, 2)).toBeUndefined()
    expect(cgroupMount(V2_MOUNTINFO, 2)).toBe('/sys/fs/cgroup')
    expect(cgroupMount(V2_MOUNTINFO, 1)).toBeUndefined()
  })

  it('reads the process’s own group in each', () => {
    const cgroup = '9:name=systemd:/\n2:cpu,cpuacct:/ci/job\n1:cpu:/\n0::/user.slice/session-1.scope\n'
    expect(ownGroup(cgroup, 2)).toBe('/user.slice/session-1.scope')
    expect(ownGroup(cgroup, 1)).toBe('/ci/job')
    expect(ownGroup('0::/\n', 1)).toBeUndefined()
  })
})

/**
 * Starts a shell that leaves behind a child burning `ms` of CPU, and returns once that child has ended. Its own CPU
 * time, not the clock's: on a busy machine a loop of 600 ms by the clock got 290 ms of CPU, and the test failed.
 */
function orphanBurning(ms: number) {
  const done = join(process.env.TMPDIR ?? '/tmp', `orphan-${process.pid}-${Date.now()}`)
  const used = '(({ user, system }) => (user + system) / 1000)(process.cpuUsage())'
  const burn = `while (${used} < ${ms}); require('node:fs').writeFileSync(${JSON.stringify(done)}, '')`
  // The shell exits at once: its child is handed to init, and nobody this process waits for ever waits for it.
  spawnSync('sh', ['-c', `"${process.execPath}" -e "$0" >/dev/null 2>&1 & exit 0`, burn], { stdio: 'ignore' })
  return new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (!existsSync(done)) return
      clearInterval(check)
      resolve()
    }, 20)
  })
}

describe('openCpuAccount', () => {
  it('counts a process that left the tree, where the waited-for figure does not', async () => {
    const reapedBefore = procStat(process.pid)?.childrenCpuSeconds ?? 0
    const account = openCpuAccount(`cpu-account-test-`)
    try {
      if (account.kind === 'reaped') {
        // Only where no group can be made here: say so, rather than pass for nothing.
        const mount = cgroupMount(readFileSync('/proc/self/mountinfo', 'utf8'), 2)
        const own = ownGroup(readFileSync('/proc/self/cgroup', 'utf8'), 2)
        const probe = mount && own !== undefined ? join(mount, own, `cpu-account-probe-${process.pid}`) : undefined
        expect(() => {
          if (!probe) throw new Error('no cgroup2 hierarchy')
          mkdirSync(probe)
          rmdirSync(probe)
        }).toThrow()
        return
      }
      const before = account.seconds()
      await orphanBurning(600)
      // Its 0.6 s of CPU (its start included), whatever the machine's load, less at most the few ms of its last time
      // slice the kernel may not have added yet as it exits.
      expect(account.seconds() - before).toBeGreaterThan(0.55)
      expect((procStat(process.pid)?.childrenCpuSeconds ?? 0) - reapedBefore).toBeLessThan(0.2)
    } finally {
      account.close()
    }
    // Closed, the group is gone and this process back where it was.
    expect(readFileSync('/proc/self/cgroup', 'utf8')).not.toContain('cpu-account-test-')
  })

  it('reads each version’s figure', () => {
    const account = openCpuAccount(`cpu-account-test-`)
    try {
      const self = readFileSync('/proc/self/cgroup', 'utf8')
      if (account.kind === 'group') {
        const line = self.split('\n').find((l) => l.includes('cpu-account-test-')) ?? ''
        const version = line.startsWith('0::') ? 2 : 1
        const mount = cgroupMount(readFileSync('/proc/self/mountinfo', 'utf8'), version) ?? ''
        const dir = join(mount, line.slice(line.lastIndexOf(':') + 1))
        const counted = account.seconds()
        expect(groupCpuSeconds(dir, version)).toBeGreaterThanOrEqual(counted)
      } else expect(self).not.toContain('cpu-account-test-')
    } finally {
      account.close()
    }
  })
})
