// A streak's words, for the pages and the share cards alike (docs/decisions/reminders.md).
import { nightStartOf, type Streak, streakAt } from './nights.ts'

/**
 * "3 Dec": the local date a night begins on, in the sky's own time zone (nights are numbered by it). Made on first
 * use: a page's first `Intl` format sets up ICU in its renderer, 20–60 ms of main thread, and most streaks have no
 * missed night to date.
 */
let nightDateFormat: Intl.DateTimeFormat | undefined
function nightDate(at: Date): string {
  nightDateFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
  return nightDateFormat.format(at)
}

const nights = (count: number) => `${count} ${count === 1 ? 'night' : 'nights'}`

/** A sky's streak in words at `now` (the chain's clock): a short line for a card, and what it means tonight. */
export function streakWords(
  streak: Streak,
  { now, tzOffset, completed }: { now: number; tzOffset: number; completed: boolean },
): { line: string; tonight: string | undefined } {
  const at = streakAt(streak, now, tzOffset)
  const longest = at.longest > at.current ? ` · longest ${nights(at.longest)}` : ''
  // A complete constellation takes no more gazes: its streak stands as it ended.
  if (completed) return { line: `Longest streak ${nights(at.longest)}`, tonight: undefined }
  if (at.missedNight !== null) {
    // The night missed, by the date it began on there: its number counts the days since 1970 in the sky's zone.
    const date = nightDate(new Date((nightStartOf(at.missedNight, tzOffset) + tzOffset) * 1000))
    return { line: `No streak${longest}`, tonight: `Streak ended on ${date}: gaze tonight to start again` }
  }
  if (at.current === 0) return { line: 'No streak yet', tonight: 'Gaze tonight to start one' }
  return {
    line: `Streak: ${nights(at.current)} in a row${longest}`,
    tonight: at.gazedTonight ? 'Gazed tonight' : 'Tonight is still open: gaze to keep it',
  }
}
