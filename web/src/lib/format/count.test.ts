import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatCount } from './count'

describe('formatCount', () => {
  it('groups thousands as English does', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(999)).toBe('999')
    expect(formatCount(1000)).toBe('1,000')
    expect(formatCount(12_345)).toBe('12,345')
    expect(formatCount(10_000n)).toBe('10,000')
  })

  it('writes every whole number as toLocaleString("en-US") does, numbers and bigints alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-US'))
      }),
    )
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n }), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-US'))
      }),
    )
  })
})
