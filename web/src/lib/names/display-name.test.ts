import { describe, expect, it } from 'vitest'
import { displayName, NAME_MAX_LENGTH } from './display-name'

const address = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

describe('displayName', () => {
  it('shows the name when there is one', () => {
    expect(displayName(address, 'stargazer.eth')).toBe('stargazer.eth')
  })

  it("shows the address's first and last four without a name", () => {
    expect(displayName(address, null)).toBe('0xa0…9720')
    expect(displayName(address)).toBe('0xa0…9720')
  })

  it('cuts a name past 24 characters, keeping 24 in all', () => {
    const long = 'a-very-long-name-for-a-sky.eth'
    const shown = displayName(address, long)
    expect(shown).toHaveLength(NAME_MAX_LENGTH)
    expect(shown).toBe('a-very-long-name-for-a-…')
    expect(displayName(address, `${'x'.repeat(20)}.eth`)).toBe(`${'x'.repeat(20)}.eth`)
  })
})
