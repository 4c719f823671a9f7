import { spawn } from 'node:child_process'
import { exists } from '@chainellation/scripts/processes'
import { describe, expect, it } from 'vitest'
import { firstAnswerMs, type Starter } from './starts'

/** A node process that listens `delayMs` after it starts, answering `status` to everything. */
const server = (delayMs: number, status = 200): Starter & { pids: number[] } => {
  const pids: number[] = []
  return {
    pids,
    spawn: (port) => {
      const code = `setTimeout(() => require('node:http').createServer((_, res) => { res.statusCode = ${status}; res.end('up') }).listen(${port}, '127.0.0.1'), ${delayMs})`
      const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore', detached: true })
      pids.push(child.pid as number)
      return child
    },
    health: (port) => `http://127.0.0.1:${port}/api/health`,
  }
}

describe('a start, spawn to the first healthy answer', () => {
  it('waits for the first 200, then leaves no process behind', async () => {
    const starter = server(300)
    const ms = await firstAnswerMs(starter)
    expect(ms).toBeGreaterThanOrEqual(300)
    expect(starter.pids.every((pid) => !exists(pid))).toBe(true)
  })
  it('says so when the process exits before it answers', async () => {
    const starter: Starter = {
      spawn: () => spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore', detached: true }),
      health: (port) => `http://127.0.0.1:${port}/api/health`,
    }
    await expect(firstAnswerMs(starter)).rejects.toThrow('it exited (3) before it answered')
  })
  it('counts no answer but a 200, and gives up at its limit', async () => {
    const starter = server(0, 503)
    await expect(firstAnswerMs(starter, 500)).rejects.toThrow('it did not answer within 500 ms')
    expect(starter.pids.every((pid) => !exists(pid))).toBe(true)
  })
})
