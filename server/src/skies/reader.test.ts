import { describe, expect, it, vi } from 'vitest'
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

  it('says which head stands, without asking, while head() would answer with it at once', async () => {
    let clock = 0
    let asked = 0
    const head = chainHead(
      async () => {
        asked++
        return 10n
      },
      { maxAgeMs: 1000, now: () => clock },
    )
    expect(head.standing()).toBeUndefined()
    await head()
    clock = 999
    expect(head.standing()).toBe(10n)
    clock = 1000
    expect(head.standing()).toBeUndefined()
    expect(asked).toBe(1)
  })

  it('answers a fresh head with one asked for after the moment given, however recent the one it knows', async () => {
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
    expect(await head()).toBe(10n)
    // Block 11 comes a millisecond after the head was learnt; a caller who knows of it asks at 1 ms.
    block = 11n
    clock = 1
    expect(await head()).toBe(10n)
    expect(await head.fresh(1)).toBe(11n)
    expect(asked).toBe(2)
    // What it learnt stands for every caller, and for a fresh head asked for before it was learnt.
    clock = 500
    expect(await head()).toBe(11n)
    expect(await head.fresh(0.5)).toBe(11n)
    expect(asked).toBe(2)
  })

  it('does not take a question sent before the moment given for a fresh head', async () => {
    let clock = 0
    const answers: ((block: bigint) => void)[] = []
    const head = chainHead(() => new Promise<bigint>((resolve) => answers.push(resolve)), { now: () => clock })
    const first = head()
    clock = 5
    const fresh = head.fresh(5)
    // The node answers the question sent at 0 with the head it had then...
    answers.shift()?.(10n)
    expect(await first).toBe(10n)
    // ...and a new question goes out for the caller of 5.
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    answers.shift()?.(11n)
    expect(await fresh).toBe(11n)
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
