import { describe, expect, it } from 'vitest'
import { recordsToRefile } from './recent-transactions'

const account = '0x5D0324C4bA5c1A5d9d9cB2Ed0Cc0F1C3E6a270A4'
const hash = `0x${'ab'.repeat(32)}` as const
const other = `0x${'cd'.repeat(32)}` as const
const stored = (records: { hash: string; description: string; status: string }[], key = account, chainId = 31337) =>
  JSON.stringify({ [key]: { [chainId]: records } })
const filed = new Map([[hash, 'Mint night sky #82']])

describe('recordsToRefile', () => {
  it('files again a record another tab wrote back under older words', () => {
    const list = stored([{ hash, description: 'Mint night sky #80', status: 'confirmed' }])
    expect(recordsToRefile(list, account, 31337, filed)).toEqual([{ hash, description: 'Mint night sky #82' }])
  })

  it('leaves a record that says what this tab filed, and one this tab never filed', () => {
    const list = stored([
      { hash, description: 'Mint night sky #82', status: 'confirmed' },
      { hash: other, description: 'Gaze at night sky #3', status: 'pending' },
    ])
    expect(recordsToRefile(list, account, 31337, filed)).toEqual([])
  })

  it('leaves a list cleared in another tab, another chain’s list and what is not a list', () => {
    expect(recordsToRefile(stored([]), account, 31337, filed)).toEqual([])
    expect(recordsToRefile(null, account, 31337, filed)).toEqual([])
    const elsewhere = stored([{ hash, description: 'Mint night sky #80', status: 'confirmed' }], account, 11155111)
    expect(recordsToRefile(elsewhere, account, 31337, filed)).toEqual([])
    expect(recordsToRefile('not json', account, 31337, filed)).toEqual([])
    expect(recordsToRefile('{"x":1}', account, 31337, filed)).toEqual([])
  })

  it('finds the account under the spelling the list used, and keeps the hash as the list spells it', () => {
    const upper = `0x${'AB'.repeat(32)}`
    const list = stored(
      [{ hash: upper, description: 'Mint night sky #80', status: 'confirmed' }],
      account.toLowerCase(),
    )
    expect(recordsToRefile(list, account, 31337, filed)).toEqual([{ hash: upper, description: 'Mint night sky #82' }])
  })
})
