import { describe, expect, it } from 'vitest'
import { timeAgo } from './relative-time'

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
})
