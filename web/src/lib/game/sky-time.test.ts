import type { Sky } from '@chainellation/art'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatCountdown,
  formatLocalTime,
  GAZE_COOLDOWN,
  isNightAt,
  localHourOf,
  nextGazeAt,
  revealedOf,
  starCountOf,
} from './sky-time'

const H = 3600
const midnightUtc = 1_800_000_000 - (1_800_000_000 % 86_400)
const sky = (traits: Partial<Sky> = {}): Sky => ({
  tzOffset: 0,
  primaryHue: 0,
  secondaryHue: 0,
  constellation: 1, // Orion, 8 stars
  clouds: 1,
  gazes: 0,
  lastGaze: 0,
  ...traits,
})

describe('night', () => {
  it.each([
    [0, 0, true],
    [5 * H + 3599, 0, true],
    [6 * H, 0, false],
    [17 * H + 3599, 0, false],
    [18 * H, 0, true],
    [12 * H, 20_700, false], // 17:45 in Kathmandu
    [12 * H + 900, 20_700, true], // 18:00 there
    [3 * H, -12 * H, false], // 15:00 the day before
    [8 * H, 14 * H, true], // 22:00
  ])('at %i s past midnight UTC, %i s east: night %s', (t, tz, night) => {
    expect(isNightAt(midnightUtc + t, tz)).toBe(night)
  })

  it('says the local time and hour', () => {
    expect(formatLocalTime(midnightUtc + 12 * H, 20_700)).toBe('17:45')
    expect(formatLocalTime(midnightUtc + 3 * H, -12 * H)).toBe('15:00')
    expect(localHourOf(midnightUtc + 3 * H, -12 * H)).toBe(15)
  })
})

describe('nextGazeAt', () => {
  it('is now at night with no gaze yet', () => {
    expect(nextGazeAt(sky(), midnightUtc + 22 * H)).toBe(midnightUtc + 22 * H)
  })

  it('waits for nightfall by day', () => {
    expect(nextGazeAt(sky(), midnightUtc + 9 * H)).toBe(midnightUtc + 18 * H)
  })

  it('waits for the cooldown, then for night', () => {
    const gazedAt = midnightUtc + 2 * H
    // 14 h later is 16:00, day: the next chance is 18:00.
    expect(nextGazeAt(sky({ gazes: 1, lastGaze: gazedAt }), gazedAt + 60)).toBe(midnightUtc + 18 * H)
    const late = midnightUtc + 22 * H
    // 14 h after 22:00 is 12:00 the next day: again 18:00.
    expect(nextGazeAt(sky({ gazes: 1, lastGaze: late }), late)).toBe(midnightUtc + 42 * H)
    const early = midnightUtc - 4 * H // 20:00 the day before: ready at 10:00, day → 18:00
    expect(nextGazeAt(sky({ gazes: 1, lastGaze: early }), midnightUtc)).toBe(midnightUtc + 18 * H)
  })

  it('is over once every star is revealed', () => {
    expect(nextGazeAt(sky({ gazes: 8 }), midnightUtc)).toBeUndefined()
    expect(revealedOf(sky({ gazes: 12 }))).toBe(8)
    expect(starCountOf(sky({ constellation: 3 }))).toBe(5)
  })

  it('always lands on a moment the contract accepts, never earlier than needed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -48, max: 56 }).map((q) => q * 900),
        fc.integer({ min: 1_700_000_000, max: 1_900_000_000 }),
        fc.integer({ min: 0, max: 2 * 86_400 }),
        (tzOffset, now, sinceGaze) => {
          const s = sky({ tzOffset, gazes: 1, lastGaze: now - sinceGaze })
          const at = nextGazeAt(s, now) as number
          const accepts = (t: number) => isNightAt(t, tzOffset) && t >= s.lastGaze + GAZE_COOLDOWN
          return at >= now && accepts(at) && (at === now || !accepts(at - 1))
        },
      ),
    )
  })
})

describe('formatCountdown', () => {
  it.each([
    [45, '45 s'],
    [0, '0 s'],
    [-3, '0 s'],
    [725, '12 min 5 s'],
    [3 * H + 12 * 60 + 30, '3 h 12 min'],
  ])('%i s → %s', (s, text) => {
    expect(formatCountdown(s)).toBe(text)
  })
})
