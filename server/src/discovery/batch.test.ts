import { describe, expect, it } from 'vitest'
import type { IndexerAnswer } from './answers'
import { batchReads } from './batch'

const answerOf = (read: string): IndexerAnswer => ({ status: 200, text: JSON.stringify({ read }) })

/** A batcher over stand-ins that record each request they get. */
function recorded(max = 3) {
  const requests: string[][] = []
  const read = batchReads({
    fetchOne: async (one) => {
      requests.push([one])
      return answerOf(one)
    },
    fetchMany: async (many) => {
      requests.push(many)
      if (many.includes('/fails')) throw new Error('the indexer did not answer')
      return many.map(answerOf)
    },
    max,
  })
  return { read, requests }
}

describe('batchReads', () => {
  it('asks a read that comes alone on its own', async () => {
    const { read, requests } = recorded()
    expect(await read('/skies')).toEqual(answerOf('/skies'))
    expect(requests).toEqual([['/skies']])
  })

  it('asks the reads of one turn together, at most `max` a request, each getting its own answer', async () => {
    const { read, requests } = recorded(3)
    const reads = ['/a', '/b', '/c', '/d', '/e']
    expect(await Promise.all(reads.map(read))).toEqual(reads.map(answerOf))
    expect(requests).toEqual([
      ['/a', '/b', '/c'],
      ['/d', '/e'],
    ])
  })

  it('keeps each request line short enough for the indexer’s server, starting another past the characters allowed', async () => {
    const { read, requests } = recorded(32)
    const long = (n: number) => `/skies?q=${String(n).repeat(1_500)}`
    const reads = [long(1), long(2), long(3), long(4), long(5), long(6), '/a']
    expect(await Promise.all(reads.map(read))).toEqual(reads.map(answerOf))
    // Each long read takes some 1,530 characters URL-encoded: five fit in 8,000, the rest go in the next request.
    expect(requests.map((r) => r.length)).toEqual([5, 2])
  })

  it('asks reads of different turns apart', async () => {
    const { read, requests } = recorded()
    await read('/a')
    await read('/b')
    expect(requests).toEqual([['/a'], ['/b']])
  })

  it('fails every read of a request that fails, and only those', async () => {
    const { read } = recorded(2)
    const results = await Promise.allSettled(['/ok', '/fails', '/alone'].map(read))
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled'])
  })
})
