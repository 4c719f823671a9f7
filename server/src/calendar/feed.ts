// The calendar feed of an owner's skies' nights (RFC 5545): what a calendar app subscribes to by the secret link the
// Stargaze page gives, so that the reminder of each night's gaze comes from a calendar the player already uses.
// docs/decisions/reminders.md.
import { formatUtcOffset } from '@chainellation/art'
import { GAZE_COOLDOWN, isNightAt, nightStartOf, tonightOf } from '@chainellation/contracts/nights'
import ical, { ICalAlarmType } from 'ical-generator'

/** Nights each sky's events reach ahead. */
export const FEED_NIGHTS = 14
const NIGHT = 12 * 3600

/** What the feed needs of a sky, as the index serves it. */
export type FeedSky = {
  id: number
  tzOffset: number
  starsRevealed: number
  starCount: number
  completed: boolean
  lastGazeAt: number | null
}

export type FeedOptions = {
  chainId: number
  /** The app's origin, for the events' link. */
  origin: string
  /** The chain's clock. */
  now: number
}

/**
 * The feed: for each sky with stars left, one event per night it can still be gazed at, from tonight (unless tonight's
 * gaze is made) for up to {@link FEED_NIGHTS} nights and no more than its stars left, each with an alarm when the gaze
 * opens: the night's start, or tonight, the end of the wait after the last gaze when that comes later.
 */
export function nightsFeed(skies: readonly FeedSky[], { chainId, origin, now }: FeedOptions): string {
  const calendar = ical({
    name: 'chainellation: nights to gaze',
    prodId: { company: 'chainellation', product: 'nights' },
  })
  const link = `${origin}/stargaze`
  for (const sky of skies) {
    if (sky.completed) continue
    const tonight = tonightOf(now, sky.tzOffset)
    const gazedTonight =
      sky.lastGazeAt !== null &&
      isNightAt(sky.lastGazeAt, sky.tzOffset) &&
      tonightOf(sky.lastGazeAt, sky.tzOffset) === tonight
    const first = gazedTonight ? tonight + 1 : tonight
    const nights = Math.min(FEED_NIGHTS, sky.starCount - sky.starsRevealed)
    for (let night = first; night < first + nights; night++) {
      const start = nightStartOf(night, sky.tzOffset)
      const opens = night === first && sky.lastGazeAt !== null ? Math.max(start, sky.lastGazeAt + GAZE_COOLDOWN) : start
      calendar
        .createEvent({
          id: `sky-${chainId}-${sky.id}-night-${night}@chainellation`,
          start: new Date(opens * 1000),
          end: new Date((start + NIGHT) * 1000),
          summary: `Night over sky #${sky.id}: time to gaze`,
          description: `It is night over night sky #${sky.id} (${formatUtcOffset(sky.tzOffset)}) until 06:00 there. Gaze to reveal its next star: ${link}`,
          url: link,
        })
        .createAlarm({ type: ICalAlarmType.display, trigger: 0, description: `Gaze at night sky #${sky.id}` })
    }
  }
  return calendar.toString()
}
