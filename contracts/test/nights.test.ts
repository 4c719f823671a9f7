import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  afterGaze,
  isNightAt,
  NO_STREAK,
  nightOf,
  nightStartOf,
  type Streak,
  streakAt,
  tonightOf,
} from '../src/nights.ts'

const HOUR = 3600
const DAY = 86_400
// Any time from 2001 to 2100 over any time zone the contract takes (in quarter hours, -12:00 to +14:00).
const time = fc.integer({ min: 1_000_000_000, max: 4_100_000_000 })
const tz = fc.integer({ min: -48, max: 56 }).map((quarters) => quarters * 900)

describe('nights as the contract counts them', () => {
  it('puts a night time inside its night, and a day time between the night that ended and the next', () => {
    fc.assert(
      fc.property(time, tz, (at, tzOffset) => {
        const start = nightStartOf(nightOf(at, tzOffset), tzOffset)
        if (isNightAt(at, tzOffset)) expect(at - start).toBeLessThan(12 * HOUR)
        else expect(at - start).toBeGreaterThanOrEqual(12 * HOUR)
        expect(at - start).toBeGreaterThanOrEqual(0)
        expect(at - start).toBeLessThan(DAY)
      }),
    )
  })

  it('calls tonight the night under way, or by day the one that begins at dusk', () => {
    fc.assert(
      fc.property(time, tz, (at, tzOffset) => {
        const tonight = tonightOf(at, tzOffset)
        const start = nightStartOf(tonight, tzOffset)
        if (isNightAt(at, tzOffset)) expect(start).toBeLessThanOrEqual(at)
        else expect(start - at).toBeGreaterThan(0)
        expect(start - at).toBeLessThanOrEqual(12 * HOUR)
      }),
    )
  })

  it('begins a night at 18:00 there', () => {
    // 4 Dec 2026 18:00 in Kathmandu (UTC+5:45) is 12:15 UTC.
    const kathmandu = 5 * HOUR + 45 * 60
    const at = Date.UTC(2026, 11, 4, 12, 15) / 1000
    expect(nightStartOf(nightOf(at, kathmandu), kathmandu)).toBe(at)
    expect(isNightAt(at, kathmandu)).toBe(true)
    expect(isNightAt(at - 1, kathmandu)).toBe(false)
  })
})

describe('streaks', () => {
  /** Gazes at `tzOffset` on the given nights, each `into` seconds after the night begins. */
  const gazed = (nights: number[], tzOffset: number, into = HOUR) =>
    nights.reduce<Streak>(
      (streak, night) => afterGaze(streak, nightStartOf(night, tzOffset) + into, tzOffset),
      NO_STREAK,
    )

  it('counts nights in a row, starts again after a missed one, and keeps the longest run', () => {
    const nights = [100, 101, 102, 104, 105]
    expect(gazed(nights, 0)).toEqual({ run: 2, longest: 3, lastNight: 105 })
    expect(gazed([100], 0)).toEqual({ run: 1, longest: 1, lastNight: 100 })
  })

  it('counts a gaze after midnight for the night that began the evening before', () => {
    // Gazes at 23:00 and then, the next night, at 05:00 the morning after: two nights in a row.
    const tzOffset = -5 * HOUR
    const first = afterGaze(NO_STREAK, nightStartOf(200, tzOffset) + 5 * HOUR, tzOffset)
    const second = afterGaze(first, nightStartOf(201, tzOffset) + 11 * HOUR, tzOffset)
    expect(second).toEqual({ run: 2, longest: 2, lastNight: 201 })
  })

  it('is the same whatever the hour of each night the gazes come at', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 30 }).map((n) => n.sort((a, b) => a - b)),
        fc.array(fc.integer({ min: 0, max: 12 * HOUR - 1 }), { minLength: 30, maxLength: 30 }),
        tz,
        (nights, hours, tzOffset) => {
          const at = (i: number) => nightStartOf(nights[i] as number, tzOffset) + (hours[i] as number)
          const streak = nights.reduce<Streak>((s, _, i) => afterGaze(s, at(i), tzOffset), NO_STREAK)
          // The longest run of consecutive numbers, and the run that ends with the last.
          let run = 0
          let longest = 0
          nights.forEach((night, i) => {
            run = i > 0 && nights[i - 1] === night - 1 ? run + 1 : 1
            longest = Math.max(longest, run)
          })
          expect(streak).toEqual({ run, longest, lastNight: nights.at(-1) ?? null })
        },
      ),
    )
  })

  it('stands while tonight or last night was gazed, and ends with a missed night', () => {
    const streak = gazed([300, 301, 302], 0)
    const during = (night: number, into: number) => nightStartOf(night, 0) + into
    expect(streakAt(streak, during(302, 2 * HOUR), 0)).toEqual({
      current: 3,
      longest: 3,
      gazedTonight: true,
      missedNight: null,
    })
    // The next day and the next night until it is gazed: tonight is still open.
    expect(streakAt(streak, during(302, 16 * HOUR), 0)).toMatchObject({ current: 3, gazedTonight: false })
    expect(streakAt(streak, during(303, 11 * HOUR), 0)).toMatchObject({ current: 3, gazedTonight: false })
    // Night 303 ended without a gaze.
    expect(streakAt(streak, during(303, 12 * HOUR), 0)).toEqual({
      current: 0,
      longest: 3,
      gazedTonight: false,
      missedNight: 303,
    })
    expect(streakAt(NO_STREAK, during(303, 0), 0)).toEqual({
      current: 0,
      longest: 0,
      gazedTonight: false,
      missedNight: null,
    })
  })
})
