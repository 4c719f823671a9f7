const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
]

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
const exact = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' })

/** How long ago unix time `at` was, seen at `now` (both seconds): "just now", "5 minutes ago", "yesterday". */
export function timeAgo(at: number, now: number): string {
  const seconds = now - at
  if (seconds < 45) return 'just now'
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit)
  }
  return relative.format(-1, 'minute')
}

/** Unix time `at` written out in full, in the reader's own time zone, for a title. */
export const exactTime = (at: number): string => exact.format(new Date(at * 1000))
