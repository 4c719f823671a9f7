import { MAX_UTC_OFFSET, MIN_UTC_OFFSET, UTC_OFFSET_STEP } from '@chainellation/art'

/** A time zone a sky can be minted over: its IANA name and its offset from UTC right now, in seconds. */
export type TimeZoneChoice = { zone: string; offset: number }

/** Seconds east of UTC in `zone` at `at`, from the browser's time-zone database. */
export function offsetOf(zone: string, at: Date = new Date()): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value
  // "GMT" alone is UTC; otherwise "GMT+05:45" / "GMT-03:30".
  const match = part ? /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(part) : null
  if (!match) throw new RangeError(`unknown time zone ${zone}`)
  const [, sign, hours = '0', minutes = '0'] = match
  const seconds = (Number(hours) * 60 + Number(minutes)) * 60
  return sign === '-' ? -seconds : seconds
}

/** Whether a sky can live at `offset`: quarter hours between UTC−12 and UTC+14. */
export const isSkyOffset = (offset: number) =>
  offset >= MIN_UTC_OFFSET && offset <= MAX_UTC_OFFSET && offset % UTC_OFFSET_STEP === 0

/** `3600` → "UTC+1", `-12600` → "UTC−3:30", `20700` → "UTC+5:45", `0` → "UTC". */
export function describeOffset(offset: number): string {
  if (offset === 0) return 'UTC'
  const minutes = Math.abs(offset) / 60
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return `UTC${offset < 0 ? '−' : '+'}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`
}

/** Zones the browser's database may still list under a name their people no longer use. */
const renamed: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
}

/** "America/Argentina/Buenos_Aires" → "America / Argentina / Buenos Aires", under today's name. */
export const describeZone = (zone: string) => (renamed[zone] ?? zone).split('/').join(' / ').replaceAll('_', ' ')

/** "Europe / Berlin, UTC+1"; plain "UTC" for UTC itself. */
export const describeChoice = ({ zone, offset }: TimeZoneChoice) =>
  zone === 'UTC' || zone === 'Etc/UTC' ? 'UTC' : `${describeZone(zone)}, ${describeOffset(offset)}`

/** The browser's own time zone, or UTC when it has none a sky can live in. */
export function browserTimeZone(at: Date = new Date()): TimeZoneChoice {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  try {
    const offset = offsetOf(zone, at)
    if (isSkyOffset(offset)) return { zone, offset }
  } catch {}
  return { zone: 'UTC', offset: 0 }
}

/** Every time zone the browser knows that a sky can live in, west to east, then by name. */
export function timeZoneChoices(at: Date = new Date()): TimeZoneChoice[] {
  const zones = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])
  const choices: TimeZoneChoice[] = []
  for (const zone of zones) {
    try {
      const offset = offsetOf(zone, at)
      if (isSkyOffset(offset)) choices.push({ zone, offset })
    } catch {}
  }
  return choices.sort((a, b) => a.offset - b.offset || a.zone.localeCompare(b.zone))
}
