// Services run in a terminal's foreground, as `npm start` and `npm run rehearse` run them: started with an abort signal,
// stopped on Ctrl-C, SIGTERM or SIGHUP, or when a process above goes away (npm does not pass a SIGTERM on to its
// script, so `kill <npm pid>` or a supervisor stopping npm would otherwise orphan them), and stopped with an error when
// one of them stops for good on its own.
import { setTimeout as sleep } from 'node:timers/promises'
import { ancestors, exists } from './processes'

export const fail = (message: string): never => {
  process.stderr.write(`chainellation: ${message}\n`)
  process.exit(1)
}

export const write = (text: string) => process.stdout.write(`${text}\n`)

type Running = { stop: () => Promise<void>; exited: Promise<unknown> }

export async function runInForeground<R extends Running>(how: {
  start: (signal: AbortSignal) => Promise<R>
  /** Said when a stop begins, once the services are up. */
  stopping?: string
  /** Says what runs and where, once it all does. */
  ready: (running: R) => void
  /** Why a service stopping on its own ends the run, in words. */
  unexpected: (exit: Awaited<R['exited']>) => string
  /** The words of a failure to start. */
  failure: (error: unknown) => string
}): Promise<void> {
  const startup = new AbortController()
  let running: R | undefined
  let exiting = false
  const shutdown = async (code: number) => {
    if (exiting) return
    exiting = true
    // During startup, the start stops what it started and rejects; the catch below exits.
    if (!running) return startup.abort()
    if (how.stopping) write(how.stopping)
    await running.stop()
    process.exit(code)
  }
  for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(name, () => shutdown(0))
  const above = ancestors(process.pid)
  setInterval(() => {
    if (!above.every(exists)) void shutdown(0)
  }, 500).unref()

  try {
    running = await how.start(startup.signal)
    if (startup.signal.aborted) {
      await running.stop()
      process.exit(0)
    }
    how.ready(running)
    const exit = (await running.exited) as Awaited<R['exited']>
    // A Ctrl-C reaches the services too (they share our process group); let our own handler win that race.
    await sleep(200)
    if (!exiting) {
      process.stderr.write(`chainellation: ${how.unexpected(exit)}; stopping everything.\n`)
      await shutdown(1)
    }
  } catch (error) {
    if (startup.signal.aborted) process.exit(0)
    fail(how.failure(error))
  }
}
