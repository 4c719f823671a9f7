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
    await sleep(300)
    const first = s.child.pid
    expect(svc.starts()).toBe(1)
    signal(first ?? 0, 'SIGKILL')
    await sleep(100)
    expect(svc.starts()).toBe(1)
    await sleep(600)
    expect(svc.starts()).toBe(2)
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
    await sleep(1500)
    expect(svc.starts()).toBe(4)
    expect(gaveUp).toEqual({ code: 3, signal: null })

    const quiet = service('setInterval(() => {}, 1000)')
    const r = supervise({ start: quiet.start, backoffMs: () => 20, onGiveUp: () => {} })
    running.push(r)
    await sleep(300)
    r.release()
    signal(r.child.pid ?? 0, 'SIGKILL')
    await sleep(300)
    expect(quiet.starts()).toBe(1)
  })

  it('waits longer after each quick failure, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(defaultBackoff)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000])
  })
})
