import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatUtcOffset, MAX_UTC_OFFSET, MIN_UTC_OFFSET, parseUtcOffset, UTC_OFFSET_STEP } from './utc-offset'

const validOffset = fc
  .integer({ min: MIN_UTC_OFFSET / UTC_OFFSET_STEP, max: MAX_UTC_OFFSET / UTC_OFFSET_STEP })
  .map((steps) => steps * UTC_OFFSET_STEP)

describe('formatUtcOffset', () => {
  it.each([
    [20_700, 'UTC+05:45'],
    [-43_200, 'UTC-12:00'],
    [0, 'UTC+00:00'],
    [50_400, 'UTC+14:00'],
    [-12_600, 'UTC-03:30'],
    [-900, 'UTC-00:15'],
  ])('formats %i s as %s', (seconds, text) => {
    expect(formatUtcOffset(seconds)).toBe(text)
  })

  it.each([-43_201, -44_100, 50_401, 51_300, 60, 901, 0.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'rejects %d with a RangeError',
    (seconds) => {
      expect(() => formatUtcOffset(seconds)).toThrow(RangeError)
    },
  )

  it('round-trips through parseUtcOffset for every valid offset', () => {
    fc.assert(fc.property(validOffset, (seconds) => parseUtcOffset(formatUtcOffset(seconds)) === seconds))
  })

  it('always produces the fixed-width UTC±HH:MM shape', () => {
    fc.assert(fc.property(validOffset, (seconds) => /^UTC[+-]\d{2}:[0-5]\d$/.test(formatUtcOffset(seconds))))
  })
})

describe('parseUtcOffset', () => {
  it.each(['UTC-00:00', 'UTC+5:45', 'UTC+05:60', 'UTC+14:15', 'UTC-12:15', 'UTC+05:10', 'GMT+01:00', ''])(
    'rejects %j',
    (text) => {
      expect(() => parseUtcOffset(text)).toThrow(RangeError)
    },
  )
})
