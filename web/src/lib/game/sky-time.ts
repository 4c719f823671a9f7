import type { Sky } from '@chainellation/art'
import { constellations } from '@chainellation/contracts/catalogue'
import { GAZE_COOLDOWN, isNightAt, localSecondsOf } from '@chainellation/contracts/nights'

const HOUR = 3600

// Night as the contract sees it (18:00 to 05:59 local), in one place with the streaks that count nights.
export { GAZE_COOLDOWN, isNightAt, localSecondsOf } from '@chainellation/contracts/nights'

/** The local hour (0–23) the renderer draws. */
export const localHourOf = (now: number, tzOffset: number) => Math.floor(localSecondsOf(now, tzOffset) / HOUR)

/** "21:07", the sky's local time at `now`. */
export function formatLocalTime(now: number, tzOffset: number): string {
  const local = localSecondsOf(now, tzOffset)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(local / HOUR))}:${pad(Math.floor((local % HOUR) / 60))}`
}

/** Stars in the sky's constellation. */
export const starCountOf = (sky: Pick<Sky, 'constellation'>) => constellations[sky.constellation - 1]?.stars.length ?? 0

/** Stars revealed so far: one per gaze, up to the constellation's size. */
export const revealedOf = (sky: Pick<Sky, 'constellation' | 'gazes'>) => Math.min(sky.gazes, starCountOf(sky))

/**
 * The earliest unix time at or after `now` when the contract would accept a gaze at `sky`: night there and
 * 14 hours after the last gaze. `undefined` once every star is revealed.
 */
export function nextGazeAt(sky: Sky, now: number): number | undefined {
  if (sky.gazes >= starCountOf(sky)) return undefined
  let at = Math.max(now, sky.lastGaze + GAZE_COOLDOWN)
  if (!isNightAt(at, sky.tzOffset)) at += 18 * HOUR - localSecondsOf(at, sky.tzOffset)
  return at
}

/** "3 h 12 min", "12 min 5 s", "45 s". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds))
  const h = Math.floor(s / HOUR)
  const m = Math.floor((s % HOUR) / 60)
  if (h > 0) return `${h} h ${m} min`
  if (m > 0) return `${m} min ${s % 60} s`
  return `${s} s`
}
