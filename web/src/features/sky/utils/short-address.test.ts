import { describe, expect, it } from 'vitest'
import { shortAddress } from './short-address'

describe('shortAddress', () => {
  it('keeps the first four and last four hex digits', () => {
    expect(shortAddress('0xa0Ee7A142d267C1f36714E4a8F75612F20a79720')).toBe('0xa0Ee…9720')
  })
})
