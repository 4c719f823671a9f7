import { describe, expect, it } from 'vitest'
import { gazeTarget, skyCardId } from './gaze-target'

describe('gazeTarget', () => {
  it('reads the sky number a reminder’s link names', () => {
    expect(gazeTarget('12')).toBe(12n)
    expect(gazeTarget('9007199254740991')).toBe(9007199254740991n)
  })

  it('names no sky for an absent, empty or malformed value', () => {
    for (const value of [null, undefined, '', '0', '012', '-3', '1.5', '12a', ' 12', '1e3', '99999999999999999']) {
      expect(gazeTarget(value), String(value)).toBeUndefined()
    }
  })

  it('gives each card an id of its own', () => {
    expect(skyCardId(12n)).toBe('sky-12')
  })
})
