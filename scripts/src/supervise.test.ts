import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { signal } from './processes'
import { defaultBackoff, type Supervised, supervise } from './supervise'

const running: Supervised[] = []
const dirs: string[] = []
afterEach(() => {
  for (const s of running.splice(0)) {
    s.release()
    if (s.child.pid && s.child.exitCode === null) signal(s.child.pid, 'SIGKILL')
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A service that counts its starts in a file it keeps (as the indexer keeps its database), then runs `then`. */
function service(then: string) {
  const dir = mkdtempSync(join(tmpdir(), 'supervise-'))
  dirs.push(dir)
  const file = join(dir, 'starts')
  writeFileSync(file, '0')
  const script = `const fs = require('node:fs'); fs.writeFileSync(${JSON.stringify(file)}, String(Number(fs.readFileSync(${JSON.stringify(file)}, 'utf8')) + 1)); ${then}`
  return {
    start: (): ChildProcess => spawn(process.execPath, ['-e', script], { stdio: 'ignore' }),
    starts: () => Number(readFileSync(file, 'utf8')),
  }
}

/**
 * How long a test waits to see a node process start, or four in turn: tens of milliseconds each on an idle machine,
 * a second or more on a busy one. Each is waited for as it shows, never for a fixed time.
 */
const STARTING = { timeout: 10_000, interval: 20 }

describe('supervise', () => {
  it('starts a crashed service again, on what it kept, after a back-off', async () => {
    const svc = service('setInterval(() => {}, 1000)')
    const restarts: number[] = []
    const s = supervise({
      start: svc.start,
      backoffMs: () => 200,
      onRestart: (n) => restarts.push(n),
      onGiveUp: () => {},
    })
    running.push(s)
    await expect.poll(svc.starts, STARTING).toBe(1)
    const first = s.child.pid
    signal(first ?? 0, 'SIGKILL')
    // Within the back-off, nothing is started (a start too soon would have a child of its own by now).
    await sleep(100)
    expect(s.child.pid).toBe(first)
    await expect.poll(svc.starts, STARTING).toBe(2)
    expect(restarts).toEqual([1])
    expect(s.child.pid).not.toBe(first)
    expect(s.child.exitCode).toBeNull()
  })

  it('gives up on a service that keeps exiting, and starts nothing after release', async () => {
    const svc = service('process.exit(3)')
    let gaveUp: { code: number | null } | undefined
    const s = supervise({
      start: svc.start,
      backoffMs: () => 20,
      maxRestarts: 3,
      onGiveUp: (exit) => {
        gaveUp = exit
      },
    })
    running.push(s)
    await expect.poll(() => gaveUp, STARTING).toEqual({ code: 3, signal: null })
    expect(svc.starts()).toBe(4)

    const quiet = service('setInterval(() => {}, 1000)')
    const r = supervise({ start: quiet.start, backoffMs: () => 20, onGiveUp: () => {} })
    running.push(r)
    await expect.poll(quiet.starts, STARTING).toBe(1)
    const child = r.child
    r.release()
    const exited = new Promise((resolve) => child.once('exit', resolve))
    signal(child.pid ?? 0, 'SIGKILL')
    await exited
    // Ten back-offs later, still the same child: a restart replaces it as it spawns.
    await sleep(200)
    expect(r.child).toBe(child)
    expect(quiet.starts()).toBe(1)
  })

  it('waits longer after each quick failure, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(defaultBackoff)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000])
  })
})
