// Nights and streaks as the contract counts nights: a sky may be gazed at from 18:00 to 05:59 in its own time zone
// (`tzOffset` seconds east of UTC), by the chain's clock (Chainellation.sol, `starGaze`). The indexer derives each
// sky's streak from its gaze events with these; the pages say where it stands with them.

const DAY = 86_400
const DUSK = 18 * 3600
const DAWN = 6 * 3600

/** Time that must pass between two gazes at one sky (the contract's GAZE_COOLDOWN). */
export const GAZE_COOLDOWN = 14 * 3600

/** Seconds since local midnight at unix time `at` over a sky `tzOffset` seconds east of UTC. */
export const localSecondsOf = (at: number, tzOffset: number) => (((at + tzOffset) % DAY) + DAY) % DAY

/** Night there at `at`: 18:00 to 05:59 local. */
export function isNightAt(at: number, tzOffset: number): boolean {
  const local = localSecondsOf(at, tzOffset)
  return local < DAWN || local >= DUSK
}

/**
 * The night `at` falls in, or during the day the last one to end: nights are numbered by the local day they begin on
 * (days since 1 January 1970 there), so two nights in a row have numbers one apart.
 */
export const nightOf = (at: number, tzOffset: number) => Math.floor((at + tzOffset - DUSK) / DAY)

/** The night a gaze would count for next: the one under way, or during the day the one that begins at dusk. */
export const tonightOf = (at: number, tzOffset: number) => nightOf(at, tzOffset) + (isNightAt(at, tzOffset) ? 0 : 1)

/** Unix time at which night `night` begins over a sky `tzOffset` seconds east of UTC. */
export const nightStartOf = (night: number, tzOffset: number) => night * DAY + DUSK - tzOffset

/** A sky's streak as its gazes left it: the run that ends with its last gaze, its longest run, and that last night. */
export type Streak = { run: number; longest: number; lastNight: number | null }

export const NO_STREAK: Streak = { run: 0, longest: 0, lastNight: null }

/**
 * The streak after a gaze at `at` (the block's time): one more night in the run when the last gaze was the night
 * before, a new run of one otherwise. A second gaze in one night (which the contract's cooldown rules out) changes
 * nothing.
 */
export function afterGaze(streak: Streak, at: number, tzOffset: number): Streak {
  const night = nightOf(at, tzOffset)
  if (streak.lastNight !== null && night <= streak.lastNight) return streak
  const run = streak.lastNight === night - 1 ? streak.run + 1 : 1
  return { run, longest: Math.max(streak.longest, run), lastNight: night }
}

/** Where a streak stands at `now`. */
export type StreakNow = {
  /** Nights gazed in a row up to tonight: 0 once a night was missed. */
  current: number
  longest: number
  /** Tonight's gaze is made. */
  gazedTonight: boolean
  /** The night that was missed, once the run has ended (`nightStartOf` gives its date). */
  missedNight: number | null
}

/** The streak at `now`: alive while the last gaze was tonight or the night before, ended by a night without one. */
export function streakAt(streak: Streak, now: number, tzOffset: number): StreakNow {
  const tonight = tonightOf(now, tzOffset)
  const { run, longest, lastNight } = streak
  if (lastNight === null) return { current: 0, longest, gazedTonight: false, missedNight: null }
  if (lastNight >= tonight - 1) return { current: run, longest, gazedTonight: lastNight >= tonight, missedNight: null }
  return { current: 0, longest, gazedTonight: false, missedNight: lastNight + 1 }
}
