import type { ChildProcess } from 'node:child_process'

export type SuperviseOptions = {
  /** Starts the service; called again after each unexpected exit. */
  start: () => ChildProcess
  /** Waits before the n-th restart in a row (1-based); doubling from 1 s to 30 s by default. */
  backoffMs?: (restart: number) => number
  /** Restarts in a row, each after less than {@link SuperviseOptions.stableMs} of running, before giving up. */
  maxRestarts?: number
  /** A run this long resets the count: the service had recovered. */
  stableMs?: number
  /** Told of each restart, with how the last run ended. */
  onRestart?: (restart: number, exit: { code: number | null; signal: NodeJS.Signals | null }, delayMs: number) => void
  /** Told once when the service keeps exiting; it is not started again. */
  onGiveUp: (exit: { code: number | null; signal: NodeJS.Signals | null }) => void
}

export type Supervised = {
  /** The current run's process. */
  readonly child: ChildProcess
  /** Restarts so far. */
  readonly restarts: number
  /** No more restarts: for stopping the service on purpose. */
  release: () => void
}

/** 1, 2, 4, 8, 16 then 30 s: a crash loop costs little, a passing fault is over quickly. */
export const defaultBackoff = (restart: number) => Math.min(30_000, 1000 * 2 ** (restart - 1))

/**
 * Runs a service and starts it again whenever it exits unexpectedly, waiting longer after each quick failure, as a
 * process supervisor does (systemd's `Restart=on-failure` with `RestartSec`, Kubernetes' back-off after a crash).
 * The local stack runs the indexer this way: a crash resumes from what it had indexed (docs/decisions/indexer.md).
 */
export function supervise({
  start,
  backoffMs = defaultBackoff,
  maxRestarts = 5,
  stableMs = 60_000,
  onRestart = () => {},
  onGiveUp,
}: SuperviseOptions): Supervised {
  let released = false
  let inARow = 0
  let total = 0
  let timer: NodeJS.Timeout | undefined
  let child: ChildProcess

  const run = () => {
    const startedAt = Date.now()
    child = start()
    child.once('exit', (code, signal) => {
      if (released) return
      if (Date.now() - startedAt >= stableMs) inARow = 0
      if (inARow >= maxRestarts) {
        released = true
        onGiveUp({ code, signal })
        return
      }
      inARow++
      total++
      const delay = backoffMs(inARow)
      onRestart(total, { code, signal }, delay)
      timer = setTimeout(() => {
        timer = undefined
        if (!released) run()
      }, delay)
    })
  }
  run()

  return {
    get child() {
      return child
    },
    get restarts() {
      return total
    },
    release: () => {
      released = true
      if (timer) clearTimeout(timer)
    },
  }
}
