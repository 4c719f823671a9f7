import { afterEach, describe, expect, it, vi } from 'vitest'
import { whenIdle } from './idle'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('whenIdle', () => {
  it('asks for an idle period with the timeout, and calls it off', () => {
    const requested: { callback: () => void; timeout?: number }[] = []
    const cancelled: number[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout?: number }) =>
      requested.push({ callback, timeout: options?.timeout }),
    )
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle))
    const task = vi.fn()
    const cancel = whenIdle(task, 250)
    expect(requested.map((r) => r.timeout)).toEqual([250])
    requested[0]?.callback()
    expect(task).toHaveBeenCalledTimes(1)
    cancel()
    expect(cancelled).toEqual([1])
  })

  it('runs as a task a moment later where the browser has no idle callbacks, unless called off', () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', undefined)
    const task = vi.fn()
    whenIdle(task, 250)
    const other = vi.fn()
    whenIdle(other, 250)()
    vi.advanceTimersByTime(50)
    expect(task).toHaveBeenCalledTimes(1)
    expect(other).not.toHaveBeenCalled()
  })
})
