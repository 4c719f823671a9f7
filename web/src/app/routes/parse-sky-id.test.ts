import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseSkyId } from './parse-sky-id'

describe('parseSkyId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['15000', 15_000],
  ])('reads %j as sky %d', (param, id) => {
    expect(parseSkyId(param)).toBe(id)
  })

  it.each([undefined, '', '0', '07', '-1', '1.5', '1e3', ' 1', 'abc', '0x10', '9007199254740993'])(
    'rejects %j',
    (param) => {
      expect(parseSkyId(param)).toBeUndefined()
    },
  )

  it('reads back every positive safe integer it is given', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n) => parseSkyId(String(n)) === n))
  })
})
