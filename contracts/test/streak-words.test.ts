import { describe, expect, it } from 'vitest'
import { afterGaze, NO_STREAK, nightStartOf, type Streak } from '../src/nights.ts'
import { streakWords } from '../src/streak-words.ts'

const HOUR = 3600
// Nights 20,790 to 20,792 over Kathmandu (UTC+5:45): the evenings of 3, 4 and 5 December 2026 there.
const tz = 5 * HOUR + 45 * 60
const on = (night: number, hours: number) => nightStartOf(night, tz) + hours * HOUR
const gazed = (...nights: number[]) =>
  nights.reduce<Streak>((streak, night) => afterGaze(streak, on(night, 1), tz), NO_STREAK)
const words = (streak: Streak, now: number, completed = false) => streakWords(streak, { now, tzOffset: tz, completed })

describe('streakWords', () => {
  it('counts the nights in a row, and says tonight is done or still open', () => {
    const streak = gazed(20_789, 20_790, 20_791)
    expect(words(streak, on(20_791, 2))).toEqual({ line: 'Streak: 3 nights in a row', tonight: 'Gazed tonight' })
    expect(words(streak, on(20_792, 3))).toEqual({
      line: 'Streak: 3 nights in a row',
      tonight: 'Tonight is still open: gaze to keep it',
    })
  })

  it('says on which date a missed night ended the run, and the longest run', () => {
    const streak = gazed(20_786, 20_787, 20_788, 20_790)
    // Night 20,791 (the evening of 4 December there) passed without a gaze.
    expect(words(streak, on(20_792, 1))).toEqual({
      line: 'No streak · longest 3 nights',
      tonight: 'Streak ended on 4 Dec: gaze tonight to start again',
    })
    expect(new Date((nightStartOf(20_791, tz) + tz) * 1000).toISOString()).toBe('2026-12-04T18:00:00.000Z')
  })

  it('invites a first gaze, and leaves a complete constellation its longest run', () => {
    expect(words(NO_STREAK, on(20_790, 1))).toEqual({ line: 'No streak yet', tonight: 'Gaze tonight to start one' })
    expect(words(gazed(20_790), on(20_790, 2))).toMatchObject({ line: 'Streak: 1 night in a row' })
    expect(words(gazed(20_780, 20_781), on(20_790, 2), true)).toEqual({
      line: 'Longest streak 2 nights',
      tonight: undefined,
    })
  })
})
