/** Westernmost offset a sky may have: UTC−12:00, in seconds. */
export const MIN_UTC_OFFSET = -12 * 3600
/** Easternmost offset a sky may have: UTC+14:00, in seconds. */
export const MAX_UTC_OFFSET = 14 * 3600
/** Real time zones sit on quarter hours (e.g. Nepal, UTC+05:45). */
export const UTC_OFFSET_STEP = 900

const pad = (n: number) => String(n).padStart(2, '0')

/** Formats a sky's time-zone offset (seconds east of UTC) as `UTC+05:45`; throws RangeError outside the game's range. */
export function formatUtcOffset(seconds: number): string {
  if (
    !Number.isInteger(seconds) ||
    seconds < MIN_UTC_OFFSET ||
    seconds > MAX_UTC_OFFSET ||
    seconds % UTC_OFFSET_STEP !== 0
  ) {
    throw new RangeError(
      `UTC offset must be a multiple of ${UTC_OFFSET_STEP} s between ${MIN_UTC_OFFSET} and ${MAX_UTC_OFFSET}, got ${seconds}`,
    )
  }
  const sign = seconds < 0 ? '-' : '+'
  const minutes = Math.abs(seconds) / 60
  return `UTC${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

/** Inverse of {@link formatUtcOffset}: `UTC-03:30` → −12600; throws RangeError on anything it would not produce. */
export function parseUtcOffset(text: string): number {
  const match = /^UTC([+-])(\d{2}):(\d{2})$/.exec(text)
  if (!match) throw new RangeError(`not a UTC offset: ${JSON.stringify(text)}`)
  const [, sign, hours, minutes] = match
  if (Number(minutes) >= 60) throw new RangeError(`not a UTC offset: ${JSON.stringify(text)}`)
  const magnitude = (Number(hours) * 60 + Number(minutes)) * 60
  const seconds = sign === '-' ? -magnitude : magnitude
  // Only canonical spellings round-trip (e.g. reject "UTC-00:00" and out-of-range values).
  if (formatUtcOffset(seconds) !== text) throw new RangeError(`not a UTC offset: ${JSON.stringify(text)}`)
  return seconds
}
