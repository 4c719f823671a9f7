import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises'
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
    timeoutMs: 5_000,
  })
  return { read, requests }
}

/** A batcher over stand-ins that answer only when `release` is called, each request with the signal it was given. */
function held({ maxInFlight = 2, timeoutMs = 5_000, heedsSignal = true } = {}) {
  const requests: { reads: string[]; signal: AbortSignal; answer: () => void }[] = []
  const ask = (reads: string[], signal: AbortSignal) =>
    new Promise<IndexerAnswer[]>((resolve, reject) => {
      requests.push({ reads, signal, answer: () => resolve(reads.map(answerOf)) })
      if (heedsSignal) signal.addEventListener('abort', () => reject(signal.reason))
    })
  const read = batchReads({
    fetchOne: async (one, signal) => (await ask([one], signal))[0] as IndexerAnswer,
    fetchMany: ask,
    max: 32,
    maxInFlight,
    timeoutMs,
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

  it('keeps at most `maxInFlight` requests under way, and sends the reads that come meanwhile together', async () => {
    const { read, requests } = held({ maxInFlight: 2 })
    const first = [read('/a'), read('/b')]
    await nextTurn()
    const second = read('/c')
    await nextTurn()
    // Two requests under way: /a and /b went together, /c alone; what comes now waits for one of them.
    expect(requests.map((r) => r.reads)).toEqual([['/a', '/b'], ['/c']])
    const waiting = ['/d', '/e', '/f'].map(read)
    await sleep(5)
    expect(requests).toHaveLength(2)
    requests[1]?.answer()
    expect(await second).toEqual(answerOf('/c'))
    await nextTurn()
    expect(requests.map((r) => r.reads)).toEqual([['/a', '/b'], ['/c'], ['/d', '/e', '/f']])
    requests[0]?.answer()
    requests[2]?.answer()
    expect(await Promise.all([...first, ...waiting])).toEqual(['/a', '/b', '/d', '/e', '/f'].map(answerOf))
  })

  it('counts a read’s time from when it is asked: its request gets what is left, and a read that waited it all fails unasked', async () => {
    const { read, requests } = held({ maxInFlight: 1, timeoutMs: 200, heedsSignal: false })
    const askedAt = performance.now()
    const first = read('/a')
    await nextTurn()
    const second = read('/b')
    await sleep(150)
    requests[0]?.answer()
    expect(await first).toEqual(answerOf('/a'))
    await nextTurn()
    expect(requests.map((r) => r.reads)).toEqual([['/a'], ['/b']])
    // /b waited 150 ms of its 200 for /a: its request goes with the 50 ms left, and gives up about 200 ms after /b was
    // asked, not 350.
    await new Promise((resolve) => requests[1]?.signal.addEventListener('abort', resolve))
    expect(performance.now() - askedAt).toBeLessThan(300)
    void second.catch(() => {})

    // A request held past a read's whole time (a fetch that does not heed its signal): the read fails unasked.
    const { read: readLate, requests: asked } = held({ maxInFlight: 1, timeoutMs: 50, heedsSignal: false })
    const slow = readLate('/slow')
    await nextTurn()
    const late = readLate('/late')
    await sleep(80)
    asked[0]?.answer()
    expect(await slow).toEqual(answerOf('/slow'))
    await expect(late).rejects.toThrow(/waited its whole time/)
    expect(asked.map((r) => r.reads)).toEqual([['/slow']])
  })
})
