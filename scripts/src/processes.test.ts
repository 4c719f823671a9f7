import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { afterEach, describe, expect, it } from 'vitest'
import { parseProcStat, threadStats } from './proc'
import { alive, descendants, exists, parsePsLine, processTable, signal, waitGone } from './processes'

describe('parseProcStat', () => {
  it('reads pid, command, state, parent, group, CPU time and its waited-for children’s', () => {
    expect(parseProcStat('4242 (node) S 4000 4242 4242 34816 4242 4194560 1200 0 0 0 12 3 250 40 20 0 11 0\n')).toEqual(
      {
        pid: 4242,
        comm: 'node',
        ppid: 4000,
        pgid: 4242,
        state: 'S',
        cpuSeconds: 0.15,
        childrenCpuSeconds: 2.9,
      },
    )
  })

  it('reads past a command name with spaces and parentheses of its own', () => {
    expect(parseProcStat('77 (a) Z 1 2 (b) c)) R 9 31 31 0 -1 4194304 0 0 0 0 0 0 0 0 20 0 1 0')).toMatchObject({
      comm: 'a) Z 1 2 (b) c)',
      pid: 77,
      ppid: 9,
      pgid: 31,
      state: 'R',
    })
    expect(parseProcStat('78 (Web Content) Z 77 31 31 0 -1 4227084 0 0 0 0 0 0 0 0 20 0 1 0')).toMatchObject({
      comm: 'Web Content',
      pid: 78,
      ppid: 77,
      pgid: 31,
      state: 'Z',
    })
  })

  it('refuses a line that is not a stat line', () => {
    expect(parseProcStat('')).toBeUndefined()
    expect(parseProcStat('12 node S 1 12')).toBeUndefined()
    expect(parseProcStat('12 (node)')).toBeUndefined()
  })
})

describe('threadStats', () => {
  it('reads each thread of a process, the main one under the process’s own id, and none of a process gone', () => {
    // Node runs V8's and libuv's threads beside the main one.
    const threads = threadStats(process.pid)
    expect(threads.length).toBeGreaterThan(1)
    expect(threads.filter((t) => t.pid === process.pid)).toHaveLength(1)
    expect(new Set(threads.map((t) => t.pid)).size).toBe(threads.length)
    for (const t of threads) expect(t.cpuSeconds).toBeGreaterThanOrEqual(0)
    expect(threadStats(2 ** 22 + 1)).toEqual([])
  })
})

describe('parsePsLine', () => {
  it('reads the columns of `ps -o pid=,ppid=,pgid=,stat=`', () => {
    expect(parsePsLine('  512     1   512 Ss+')).toEqual({ pid: 512, ppid: 1, pgid: 512, state: 'Ss+' })
    expect(parsePsLine('')).toBeUndefined()
  })
})

const started: ChildProcess[] = []
afterEach(() => {
  for (const child of started.splice(0)) if (child.pid) signal(child.pid, 'SIGKILL')
})

/** Starts `node -e script`; resolves with it and the first line it prints. */
async function node(script: string, options: { detached?: boolean } = {}) {
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'], ...options })
  started.push(child)
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`node -e exited (${code}) before printing`)))
  })
  return { child, line }
}

describe('the process table', () => {
  it('holds this process with its parent and group', () => {
    const self = processTable().find((row) => row.pid === process.pid)
    expect(self).toMatchObject({ pid: process.pid, ppid: process.ppid })
    expect(self?.state).not.toMatch(/^Z/)
  })

  it('finds a process tree and its group, and sees them go', async () => {
    // A group leader with a child of its own, which prints its pid once it runs.
    const { child, line } = await node(
      `const c = require('node:child_process').spawn(process.execPath, ['-e', 'console.log(process.pid); setInterval(() => {}, 1e3)'], { stdio: ['ignore', 'inherit', 'inherit'] }); setInterval(() => {}, 1e3)`,
      { detached: true },
    )
    const leader = child.pid ?? 0
    const grandchild = Number(line)
    expect(descendants(process.pid)).toEqual(expect.arrayContaining([leader, grandchild]))
    expect(descendants(leader)).toEqual([grandchild])
    expect(alive([leader, grandchild, -leader])).toEqual([leader, grandchild, -leader])

    signal(-leader, 'SIGKILL')
    expect(await waitGone([-leader], 5000)).toBe(true)
    expect(alive([leader, grandchild, -leader])).toEqual([])
  })

  it('counts a zombie as gone', async () => {
    // The parent blocks its event loop, so it never reaps the child that has already exited.
    const { line } = await node(
      `const c = require('node:child_process').spawn(process.execPath, ['-e', '']); console.log(c.pid); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20_000)`,
    )
    const zombie = Number(line)
    expect(await waitGone([zombie], 10_000)).toBe(true)
    // Still in the kernel's table: kill(pid, 0) alone would call it running.
    expect(exists(zombie)).toBe(true)
    expect(descendants(process.pid)).not.toContain(zombie)
  })
})
