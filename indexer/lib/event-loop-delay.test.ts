import perfHooks from 'node:perf_hooks'
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.restoreAllMocks()
})

describe("the indexer's event-loop delay sampling", () => {
  it('samples no finer than every 10 ms, whatever a library asks for, and keeps a coarser choice', async () => {
    const monitor = vi.spyOn(perfHooks, 'monitorEventLoopDelay')
    const { FINEST_RESOLUTION_MS } = await import('./event-loop-delay.js')
    expect(FINEST_RESOLUTION_MS).toBe(10)
    perfHooks.monitorEventLoopDelay({ resolution: 1 })
    expect(monitor).toHaveBeenLastCalledWith({ resolution: 10 })
    perfHooks.monitorEventLoopDelay({ resolution: 50 })
    expect(monitor).toHaveBeenLastCalledWith({ resolution: 50 })
    perfHooks.monitorEventLoopDelay()
    expect(monitor).toHaveBeenLastCalledWith({ resolution: 10 })
  })
})
