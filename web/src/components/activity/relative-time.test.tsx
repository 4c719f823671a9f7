import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { exactTime } from '@/lib/discovery/relative-time'
import { RelativeTime } from './relative-time'

describe('RelativeTime', () => {
  it('says how long ago, with the machine value, and writes the exact time as its title once pointed at', () => {
    const at = Math.floor(Date.now() / 1000) - 3 * 3600
    const { rerender } = render(<RelativeTime at={at} />)
    const time = screen.getByText('3 hours ago')
    expect(time.getAttribute('datetime')).toBe(new Date(at * 1000).toISOString())
    expect(time.hasAttribute('title')).toBe(false)
    fireEvent.pointerEnter(time)
    expect(time.getAttribute('title')).toBe(exactTime(at))
    // Another time in its place is titled with its own once pointed at, never with the last one's.
    rerender(<RelativeTime at={at - 86_400} />)
    expect(time.hasAttribute('title')).toBe(false)
    fireEvent.pointerEnter(time)
    expect(time.getAttribute('title')).toBe(exactTime(at - 86_400))
  })
})
