import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { shortenAddress } from './shorten-address'

const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`)

describe('shortenAddress', () => {
  it('keeps the prefix, four hex digits at each end and an ellipsis', () => {
    expect(shortenAddress('0x5FbDB2315678afecb367f032d93F642f64180aa3')).toBe('0x5FbD…0aa3')
  })

  it('takes the number of characters to keep', () => {
    expect(shortenAddress('0x5FbDB2315678afecb367f032d93F642f64180aa3', 6)).toBe('0x5FbDB2…180aa3')
  })

  it.each([
    '',
    '0x',
    'vitalik.eth',
    '0x5FbDB2315678afecb367f032d93F642f64180aa',
    '0xZZbDB2315678afecb367f032d93F642f64180aa3',
  ])('returns %j unchanged', (text) => {
    expect(shortenAddress(text)).toBe(text)
  })

  it('keeps both ends of any address', () => {
    fc.assert(
      fc.property(address, (a) => {
        const [head, tail] = shortenAddress(a).split('…')
        return head === a.slice(0, 6) && tail === a.slice(-4)
      }),
    )
  })
})
