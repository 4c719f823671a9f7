// The CPU a route's requests cost the processes that answered them (docs/decisions/production.md, "What it costs a
// request"): their utime + stime from /proc over the measured window, over the requests answered in it.
import { procStat } from '@chainellation/scripts/proc'

/** The CPU seconds `pids` have spent so far, every thread's, summed; a process that has gone counts nothing. */
export const cpuSecondsOf = (pids: readonly (number | undefined)[]) =>
  pids.reduce<number>((sum, pid) => sum + ((pid && procStat(pid)?.cpuSeconds) || 0), 0)

/** Milliseconds of CPU a request, to the microsecond; null when no request was answered. */
export function cpuMsPerRequest(cpuSecondsBefore: number, cpuSecondsAfter: number, requests: number): number | null {
  if (!(requests > 0)) return null
  return Math.round(((cpuSecondsAfter - cpuSecondsBefore) * 1e6) / requests) / 1000
}

/** How many times the floor's CPU a request the API's costs, to two places; null without both figures. */
export function cpuRatio(apiMs: number | null | undefined, floorMs: number | null | undefined): number | null {
  if (apiMs == null || floorMs == null || floorMs <= 0) return null
  return Math.round((apiMs / floorMs) * 100) / 100
}

/** The API's CPU a request held to at most this many times the floor's. */
export const CPU_RATIO_TARGET = 1.5
