// The feed's times in English, written here rather than asked of `Intl`: a page's first `Intl` format sets up ICU in
// its renderer, 20–60 ms of main thread, and a sky's page draws its feed while it starts (docs/decisions/first-use.md).
// The words are `Intl.RelativeTimeFormat('en', { numeric: 'auto' })`'s, which the tests hold them to.

/** The largest whole unit of a span, with its words for one of it ("yesterday") and for several. */
const UNITS: readonly { unit: string; seconds: number; one: string }[] = [
  { unit: 'year', seconds: 365 * 86_400, one: 'last year' },
  { unit: 'month', seconds: 30 * 86_400, one: 'last month' },
  { unit: 'week', seconds: 7 * 86_400, one: 'last week' },
  { unit: 'day', seconds: 86_400, one: 'yesterday' },
  { unit: 'hour', seconds: 3600, one: '1 hour ago' },
  { unit: 'minute', seconds: 60, one: '1 minute ago' },
]

/** How long ago unix time `at` was, seen at `now` (both seconds): "just now", "5 minutes ago", "yesterday". */
export function timeAgo(at: number, now: number): string {
  const seconds = now - at
  if (seconds < 45) return 'just now'
  for (const { unit, seconds: size, one } of UNITS) {
    if (seconds < size) continue
    const count = Math.floor(seconds / size)
    return count === 1 ? one : `${count} ${unit}s ago`
  }
  return '1 minute ago'
}

/** Made on first use, which is a pointer on a time (see `RelativeTime`), not the page's start. */
let exactFormat: Intl.DateTimeFormat | undefined

/** Unix time `at` written out in full, in the reader's own time zone, for a title. */
export function exactTime(at: number): string {
  exactFormat ??= new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' })
  return exactFormat.format(new Date(at * 1000))
}
