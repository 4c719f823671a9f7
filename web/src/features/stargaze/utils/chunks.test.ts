import { describe, expect, it } from 'vitest'
import { chunk } from './chunks'

describe('chunk', () => {
  it('splits into pages, the last one short', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(chunk([], 12)).toEqual([])
    expect(chunk(Array.from({ length: 24 }, (_, i) => i)).map((p) => p.length)).toEqual([12, 12])
  })
})
