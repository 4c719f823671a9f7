import { describe, expect, it } from 'vitest'
import { BEHIND_TOLERANCE, lagOf } from './use-index-sync'

describe('lagOf', () => {
  it('says nothing while the index is within a few blocks of the chain, or when it cannot tell', () => {
    expect(lagOf(0)).toBeUndefined()
    expect(lagOf(BEHIND_TOLERANCE)).toBeUndefined()
    expect(lagOf(null)).toBeUndefined()
    expect(lagOf(undefined)).toBeUndefined()
  })

  it('gives the blocks behind beyond that', () => {
    expect(lagOf(BEHIND_TOLERANCE + 1)).toBe(BEHIND_TOLERANCE + 1)
    expect(lagOf(1200)).toBe(1200)
  })
})
