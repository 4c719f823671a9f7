import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REVEAL_MS, useReveal } from './use-reveal'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const render = (revealed: number, image: string) =>
  renderHook((props: { revealed: number; image: string }) => useReveal(props.revealed, 3, props.image), {
    initialProps: { revealed, image },
  })

describe('useReveal', () => {
  it('is nothing on a first read, however many stars are out', () => {
    expect(render(2, 'a').result.current).toBeUndefined()
  })

  it('marks a star revealed while the card is shown, with the image from before, for a few seconds', () => {
    const { result, rerender } = render(1, 'one star')
    rerender({ revealed: 2, image: 'one star' })
    expect(result.current).toEqual({ before: 'one star', stars: 2, complete: false })
    // The new image arrives a read later: the moment goes on, still fading out the old one.
    rerender({ revealed: 2, image: 'two stars' })
    expect(result.current?.before).toBe('one star')
    act(() => vi.advanceTimersByTime(REVEAL_MS - 1))
    expect(result.current).toBeDefined()
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBeUndefined()
  })

  it('says when the last star completes the constellation', () => {
    const { result, rerender } = render(2, 'two stars')
    rerender({ revealed: 3, image: 'all three' })
    expect(result.current).toMatchObject({ stars: 3, complete: true })
  })

  it('takes the newest image as "before" for the next gaze', () => {
    const { result, rerender } = render(1, 'one star')
    rerender({ revealed: 1, image: 'one star, redrawn' })
    rerender({ revealed: 2, image: 'one star, redrawn' })
    expect(result.current?.before).toBe('one star, redrawn')
  })
})
