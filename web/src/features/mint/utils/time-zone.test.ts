import { describe, expect, it } from 'vitest'
import {
  browserTimeZone,
  describeChoice,
  describeOffset,
  describeZone,
  isSkyOffset,
  offsetOf,
  timeZoneChoices,
} from './time-zone'

const winter = '2026-01-15T12:00:00Z'
const summer = '2026-07-15T12:00:00Z'

describe('offsetOf', () => {
  it.each([
    ['Europe/Berlin', winter, 3600],
    ['Europe/Berlin', summer, 7200],
    ['America/New_York', winter, -18_000],
    ['America/St_Johns', winter, -12_600],
    ['Asia/Kolkata', winter, 19_800],
    ['Asia/Kathmandu', winter, 20_700],
    ['Pacific/Kiritimati', winter, 50_400],
    ['Etc/GMT+12', winter, -43_200],
    ['UTC', winter, 0],
  ])('%s on %s is %i s east of UTC', (zone, at, offset) => {
    expect(offsetOf(zone, new Date(at))).toBe(offset)
  })

  it('refuses a zone the browser does not know', () => {
    expect(() => offsetOf('Mars/Olympus_Mons', new Date(winter))).toThrow(RangeError)
  })
})

describe('describeOffset', () => {
  it.each([
    [3600, 'UTC+1'],
    [0, 'UTC'],
    [-12_600, 'UTC−3:30'],
    [20_700, 'UTC+5:45'],
    [-43_200, 'UTC−12'],
    [50_400, 'UTC+14'],
    [-900, 'UTC−0:15'],
  ])('%i s reads %s', (offset, words) => {
    expect(describeOffset(offset)).toBe(words)
  })
})

describe('time-zone words', () => {
  it('spaces the parts of a zone name', () => {
    expect(describeZone('America/Argentina/Buenos_Aires')).toBe('America / Argentina / Buenos Aires')
  })

  it('uses the current name of a renamed zone', () => {
    expect(describeZone('Asia/Katmandu')).toBe('Asia / Kathmandu')
    expect(describeZone('Europe/Kiev')).toBe('Europe / Kyiv')
  })

  it('says the zone and its offset', () => {
    expect(describeChoice({ zone: 'Europe/Berlin', offset: 3600 })).toBe('Europe / Berlin, UTC+1')
    expect(describeChoice({ zone: 'America/St_Johns', offset: -12_600 })).toBe('America / St Johns, UTC−3:30')
    expect(describeChoice({ zone: 'UTC', offset: 0 })).toBe('UTC')
  })
})

describe('isSkyOffset', () => {
  it.each([
    [-43_200, true],
    [50_400, true],
    [20_700, true],
    [-43_201, false],
    [51_300, false],
    [1800 + 60, false],
  ])('%i → %s', (offset, ok) => {
    expect(isSkyOffset(offset)).toBe(ok)
  })
})

describe('timeZoneChoices', () => {
  const choices = timeZoneChoices(new Date(winter))

  it('runs west to east and holds only offsets a sky can take', () => {
    expect(choices.length).toBeGreaterThan(300)
    expect(choices.every((c) => isSkyOffset(c.offset))).toBe(true)
    expect(choices.map((c) => c.offset)).toEqual([...choices.map((c) => c.offset)].sort((a, b) => a - b))
  })

  it('includes negative, half-hour and three-quarter-hour zones', () => {
    // ICU may list a zone under an older name (Asia/Katmandu), so look for the offsets.
    const offsets = new Set(choices.map((c) => c.offset))
    for (const offset of [-39_600, -12_600, 0, 19_800, 20_700, 50_400]) expect(offsets).toContain(offset)
    expect(choices).toContainEqual({ zone: 'UTC', offset: 0 })
  })
})

describe('browserTimeZone', () => {
  it('is a zone a sky can live in', () => {
    const choice = browserTimeZone(new Date(winter))
    expect(isSkyOffset(choice.offset)).toBe(true)
    expect(offsetOf(choice.zone, new Date(winter))).toBe(choice.offset)
  })
})
