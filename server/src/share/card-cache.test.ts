import { describe, expect, it } from 'vitest'
import { BoundedCache } from './card-cache'

const bytes = (n: number) => Buffer.alloc(n)

describe('BoundedCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new BoundedCache({ maxEntries: 2, maxBytes: 1000 })
    cache.set('a', bytes(1))
    cache.set('b', bytes(1))
    expect(cache.get('a')).toBeDefined()
    cache.set('c', bytes(1))
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true])
    expect(cache.size).toBe(2)
  })

  it('keeps at most maxBytes, and never a value larger than that alone', () => {
    const cache = new BoundedCache({ maxEntries: 100, maxBytes: 10 })
    cache.set('a', bytes(4))
    cache.set('b', bytes(4))
    cache.set('c', bytes(4))
    expect(cache.get('a')).toBeUndefined()
    expect(cache.bytes).toBe(8)
    cache.set('huge', bytes(11))
    expect(cache.get('huge')).toBeUndefined()
    expect([cache.size, cache.bytes]).toEqual([2, 8])
  })

  it('counts a replaced value once', () => {
    const cache = new BoundedCache({ maxEntries: 2, maxBytes: 100 })
    cache.set('a', bytes(10))
    cache.set('a', bytes(20))
    expect([cache.size, cache.bytes]).toEqual([1, 20])
    cache.delete('a')
    expect([cache.size, cache.bytes]).toEqual([0, 0])
  })
})
