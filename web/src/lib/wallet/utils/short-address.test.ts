import { describe, expect, it } from 'vitest'
import { shortAddress } from './short-address'

describe('shortAddress', () => {
  it('keeps the first four and last four characters, as the header does', () => {
    expect(shortAddress('0xa0Ee7A142d267C1f36714E4a8F75612F20a79720')).toBe('0xa0…9720')
  })

  it('leaves anything shorter than eight characters whole', () => {
    expect(shortAddress('0xabcd')).toBe('0xabcd')
    expect(shortAddress('0x12345')).toBe('0x12345')
  })
})
