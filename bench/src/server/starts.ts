// A process's start, from its spawn to its first healthy answer: the API's beside its floor's (a floor-server.ts
// process, which reaches the same database before it listens and answers from memory), taken in turn so that both see
// the machine alike.
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from '@chainellation/contracts/anvil'
import { signal } from '@chainellation/scripts/processes'
import { median } from '../units'

/** A process to start at a port, and the address at which it answers once it is up. */
export type Starter = { spawn: (port: number) => ChildProcess; health: (port: number) => string }

/** How often the health address is asked while a process starts. */
const POLL_MS = 5

/**
 * Milliseconds from spawning `starter` to its first 200, asked every {@link POLL_MS}; the process (its group) is killed
 * and waited for before this returns, so that the next start has the machine to itself.
 */
export async function firstAnswerMs(starter: Starter, timeoutMs = 30_000): Promise<number> {
  const port = await freePort()
  const began = performance.now()
  const child = starter.spawn(port)
  const exited = once(child, 'exit')
  try {
    for (;;) {
      const ok = await fetch(starter.health(port)).then(
        async (res) => {
          // Read to its end, so that the connection is free for the next ask.
          await res.arrayBuffer()
          return res.ok
        },
        () => false,
      )
      if (ok) return performance.now() - began
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`it exited (${child.exitCode ?? child.signalCode}) before it answered`)
      if (performance.now() - began > timeoutMs) throw new Error(`it did not answer within ${timeoutMs} ms`)
      await sleep(POLL_MS)
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) signal(-(child.pid as number), 'SIGKILL')
    await exited
  }
}

/** Each side's starts and their median, in milliseconds. */
export type Starts = { ms: number[]; medianMs: number }

/** `rounds` starts of the API and of its floor, in turn; each side's medians. */
export async function startsInTurn(api: Starter, floor: Starter, rounds = 3): Promise<{ api: Starts; floor: Starts }> {
  const ms: { api: number[]; floor: number[] } = { api: [], floor: [] }
  for (let i = 0; i < rounds; i++) {
    ms.api.push(Math.round(await firstAnswerMs(api)))
    ms.floor.push(Math.round(await firstAnswerMs(floor)))
  }
  const side = (list: number[]): Starts => ({ ms: list, medianMs: median(list) ?? 0 })
  return { api: side(ms.api), floor: side(ms.floor) }
}
