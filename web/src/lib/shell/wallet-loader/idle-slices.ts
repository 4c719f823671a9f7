import { whenIdle } from '@/lib/idle'

/**
 * Longest wait for an idle period before a warm-up step runs as an ordinary task. A page whose main thread draws every
 * frame (an animation that is not composited, a slow CPU) may have none for seconds: traced at 4× CPU on a busy
 * machine, the kit's step waited 1.9 s for one, and a press at 3 s found the kit not yet there. Each step is still
 * one short slice (`SLICE_MS`), or one import.
 */
export const IDLE_TIMEOUT_MS = 100

/** Runs `task` in an idle period, or after `IDLE_TIMEOUT_MS`. */
export const inIdlePeriod = (task: () => void) => void whenIdle(task, IDLE_TIMEOUT_MS)

/** Longest slice of warm-up work in one idle period (wall time: at a 4× slower CPU, still under a 50 ms task). */
const SLICE_MS = 8

/** Runs `steps` in idle periods, as many in each as fit in `SLICE_MS` (at least one); resolves when all have run. */
export function runInSlices(steps: readonly (() => void)[]): Promise<void> {
  return new Promise((resolve) => {
    let next = 0
    const slice = () => {
      const until = performance.now() + SLICE_MS
      do steps[next++]?.()
      while (next < steps.length && performance.now() < until)
      if (next < steps.length) inIdlePeriod(slice)
      else resolve()
    }
    if (steps.length === 0) resolve()
    else inIdlePeriod(slice)
  })
}

/**
 * Preloads `files` (modules), at low priority, a few per idle period: starting dozens at once (modulepreload links, or
 * fetches) is itself a long task at a slow CPU. The imports that follow then find every chunk at hand instead of
 * discovering them one import level at a time. Module preloads rather than fetches into the HTTP cache: a preloaded
 * module is in the page's module map, where the import finds it without a request; a fetched one was asked for again
 * by the import and read back from the cache, a second request for each of the 36 chunks (docs/decisions/first-use.md).
 * Each link is as the boot script's and Vite's own (`crossorigin`), so that it fills the entry the import looks up.
 */
export function preloadInSlices(files: readonly string[]): Promise<void> {
  return runInSlices(
    files.map((file) => () => {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.setAttribute('crossorigin', '')
      link.setAttribute('fetchpriority', 'low')
      link.href = file
      document.head.append(link)
    }),
  )
}
