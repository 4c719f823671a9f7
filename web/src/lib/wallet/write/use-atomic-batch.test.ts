import { describe, expect, it } from 'vitest'
import { isAtomic } from './use-atomic-batch'

describe('isAtomic', () => {
  it('reads EIP-5792 atomic status, and the atomicBatch of its earlier draft that Safe answers', () => {
    expect(isAtomic({ atomic: { status: 'supported' } })).toBe(true)
    expect(isAtomic({ atomic: { status: 'ready' } })).toBe(true)
    expect(isAtomic({ atomicBatch: { supported: true } })).toBe(true)
  })

  it('says no to anything else: unsupported, a draft that says false, other capabilities, nothing', () => {
    expect(isAtomic({ atomic: { status: 'unsupported' } })).toBe(false)
    expect(isAtomic({ atomicBatch: { supported: false } })).toBe(false)
    expect(isAtomic({ atomicBatch: { supported: 'true' } })).toBe(false)
    expect(isAtomic({ paymasterService: { supported: true } })).toBe(false)
    expect(isAtomic(undefined)).toBe(false)
    expect(isAtomic(null)).toBe(false)
  })
})
