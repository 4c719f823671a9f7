import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../testing/memory-storage'
import { type PendingWrite, pendingKey, readPending, savePending } from './pending-write'

const hash = `0x${'ab'.repeat(32)}` as const
const from = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as const

describe('pending writes in local storage', () => {
  it('are kept per kind, chain and account, whatever the address case', () => {
    expect(pendingKey('mint', 31337, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(
      `chainellation.pending.mint.31337.${from}`,
    )
  })

  it('read back as written, the sent transaction with its value', () => {
    const storage = memoryStorage()
    const pending: PendingWrite = {
      hash,
      description: 'Mint night sky #3',
      sent: { from, nonce: 7, to: from, value: 10n ** 16n, input: '0x1234' },
    }
    savePending(storage, 'k', pending)
    expect(readPending(storage, 'k')).toEqual(pending)
    savePending(storage, 's', { hash, safe: true })
    expect(readPending(storage, 's')).toEqual({ hash, safe: true })
  })

  it('read a hash kept by an earlier version of the app', () => {
    const storage = memoryStorage()
    storage.setItem('k', JSON.stringify({ hash }))
    expect(readPending(storage, 'k')).toEqual({ hash })
  })

  it('count anything unreadable as none', () => {
    const storage = memoryStorage()
    for (const junk of [
      '{',
      'null',
      '"0x12"',
      JSON.stringify({ hash: '0x12' }),
      JSON.stringify({ hash, safe: 'yes' }),
    ]) {
      storage.setItem('k', junk)
      expect(readPending(storage, 'k')).toBeUndefined()
    }
    expect(readPending(storage, 'missing')).toBeUndefined()
  })
})
