import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pendingWaits, within } from './within'

describe('within', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(async () => {
    // The shared deadlines' timers fire, and leave no deadline behind for the next test's clock.
    await vi.runAllTimersAsync()
    vi.useRealTimers()
  })

  it('gives the read’s answer when it comes in time, and leaves nothing waiting on the deadline', async () => {
    const reads = Array.from({ length: 50 }, (_, i) => within(400, Promise.resolve(i)))
    expect(await Promise.all(reads)).toEqual(Array.from({ length: 50 }, (_, i) => i))
    expect(pendingWaits()).toBe(0)
  })

  it('gives undefined once the deadline has passed, and the read’s failure when it fails first', async () => {
    const slow = within(400, new Promise<number>(() => {}))
    const failing = within(400, Promise.reject(new Error('node down')))
    await expect(failing).rejects.toThrow('node down')
    expect(pendingWaits()).toBe(1)
    await vi.advanceTimersByTimeAsync(399)
    let settled = false
    void slow.then(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(21)
    await expect(slow).resolves.toBeUndefined()
    expect(pendingWaits()).toBe(0)
  })
})
