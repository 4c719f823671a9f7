import { describe, expect, it, vi } from 'vitest'
import { minedBlocksStore } from './mined-blocks'

describe('minedBlocksStore', () => {
  it('keeps the latest block a write was mined in, per chain, telling its listeners of each newer one', () => {
    const store = minedBlocksStore()
    const listener = vi.fn()
    store.subscribe(listener)
    expect(store.latest(11155111)).toBeUndefined()
    store.mined(11155111, 120n)
    store.mined(11155111, 100n)
    store.mined(31337, 7n)
    expect(store.latest(11155111)).toBe(120n)
    expect(store.latest(31337)).toBe(7n)
    expect(store.latest(null)).toBeUndefined()
    expect(listener).toHaveBeenCalledTimes(2)
  })
})
