import { describe, expect, it } from 'vitest'
import { chainHead } from './reader'

describe('chainHead', () => {
  it('asks the node once for every caller, and again once the head is older than maxAgeMs', async () => {
    let clock = 0
    let block = 10n
    let asked = 0
    const head = chainHead(
      async () => {
        asked++
        return block
      },
      { maxAgeMs: 1000, now: () => clock },
    )
    expect(await Promise.all([head(), head(), head()])).toEqual([10n, 10n, 10n])
    expect(asked).toBe(1)
    block = 11n
    clock = 999
    expect(await head()).toBe(10n)
    clock = 1000
    expect(await head()).toBe(11n)
    expect(asked).toBe(2)
  })

  it('asks anew for a fresh head unless it learnt the head in the last recentMs', async () => {
    let clock = 0
    let block = 10n
    let asked = 0
    const head = chainHead(
      async () => {
        asked++
        return block
      },
      { maxAgeMs: 1000, recentMs: 100, now: () => clock },
    )
    expect(await head()).toBe(10n)
    block = 11n
    clock = 99
    expect(await head.fresh()).toBe(10n)
    expect(asked).toBe(1)
    clock = 100
    expect(await head.fresh()).toBe(11n)
    expect(asked).toBe(2)
    // What it learnt stands for every caller.
    clock = 500
    expect(await head()).toBe(11n)
    expect(asked).toBe(2)
  })

  it('keeps no failure: the next caller asks again', async () => {
    let fail = true
    const head = chainHead(async () => {
      if (fail) throw new Error('node down')
      return 7n
    })
    await expect(head()).rejects.toThrow('node down')
    fail = false
    expect(await head()).toBe(7n)
  })
})
