import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { exactTime, timeAgo } from './relative-time'

const now = 1_800_000_000

describe('timeAgo', () => {
  it('says "just now" for the last few seconds, and for a clock a little behind the chain', () => {
    expect(timeAgo(now - 10, now)).toBe('just now')
    expect(timeAgo(now + 5, now)).toBe('just now')
  })

  it('counts minutes, hours and days in the largest whole unit', () => {
    expect(timeAgo(now - 50, now)).toBe('1 minute ago')
    expect(timeAgo(now - 5 * 60 - 59, now)).toBe('5 minutes ago')
    expect(timeAgo(now - 3 * 3600, now)).toBe('3 hours ago')
    expect(timeAgo(now - 86_400, now)).toBe('yesterday')
    expect(timeAgo(now - 3 * 86_400, now)).toBe('3 days ago')
    expect(timeAgo(now - 400 * 86_400, now)).toBe('last year')
  })

  it('says what Intl.RelativeTimeFormat says in English, for every span up to a few years', () => {
    const units: [Intl.RelativeTimeFormatUnit, number][] = [
      ['year', 365 * 86_400],
      ['month', 30 * 86_400],
      ['week', 7 * 86_400],
      ['day', 86_400],
      ['hour', 3600],
      ['minute', 60],
    ]
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
    const reference = (seconds: number) => {
      const [unit, size] = units.find(([, size]) => seconds >= size) ?? ['minute', 60]
      return intl.format(-Math.max(1, Math.floor(seconds / size)), unit)
    }
    fc.assert(
      fc.property(fc.integer({ min: 45, max: 5 * 365 * 86_400 }), (seconds) => {
        expect(timeAgo(now - seconds, now)).toBe(reference(seconds))
      }),
      { numRuns: 2000 },
    )
    // Each unit's edges: one of it, two of it, and the second before the next unit.
    for (const [, size] of units) {
      for (const seconds of [size, size * 2, size * 2 - 1]) expect(timeAgo(now - seconds, now)).toBe(reference(seconds))
    }
  })
})

describe('exactTime', () => {
  it('writes the date and the time in full', () => {
    expect(exactTime(now)).toMatch(/2027.*\d{1,2}:\d{2}:\d{2}/)
  })
})
