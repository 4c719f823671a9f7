import { tonightOf } from '@chainellation/contracts/nights'

const HOUR = 3_600
const DAY = 86_400
const QUARTER_HOUR = 900

/** Every time zone a sky may have: whole quarter hours from UTC-12:00 to UTC+14:00, in seconds. */
export const timeZones: readonly number[] = Array.from({ length: 105 }, (_, i) => (i - 48) * QUARTER_HOUR)

/**
 * The time zones where it is night at chain time `now`: local time from 18:00 to 05:59, as the contract's `isNight`
 * and its gaze rule read it.
 */
export function nightZones(now: bigint): number[] {
  return timeZones.filter((tz) => {
    const local = (((Number(now) + tz) % DAY) + DAY) % DAY
    return local < 6 * HOUR || local >= 18 * HOUR
  })
}

/**
 * The time zones grouped by the earliest night a sky's last gaze may have been in for its streak to stand at chain
 * time `now` (tonight's or last night's, @chainellation/contracts/nights): at most three groups, as the zones span
 * 26 hours.
 */
export function streakStands(now: bigint): { zones: number[]; fromNight: number }[] {
  const groups = new Map<number, number[]>()
  for (const tz of timeZones) {
    const fromNight = tonightOf(Number(now), tz) - 1
    groups.set(fromNight, [...(groups.get(fromNight) ?? []), tz])
  }
  return [...groups].map(([fromNight, zones]) => ({ fromNight, zones }))
}
