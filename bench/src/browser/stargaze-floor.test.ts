import { describe, expect, it } from 'vitest'
import { type SentRequest, wavesOf } from './stargaze-floor'

const rpc = (method: string, startMs: number, endMs: number, id = method): SentRequest => ({
  url: 'http://127.0.0.1:8545/',
  method: 'POST',
  body: JSON.stringify({ jsonrpc: '2.0', id, method, params: [] }),
  startMs,
  endMs,
})

const ids = (waves: ReturnType<typeof wavesOf>) => waves.map((wave) => wave.map((r) => JSON.parse(r.body ?? '').id))

describe('the floor’s waves', () => {
  it('sends a request sent after every answer so far in a wave of its own, and one sent before them beside them', () => {
    const waves = wavesOf([
      // Out of order, as requests may be listed: the waves follow when each was sent.
      rpc('eth_call', 3500, 3580, 'pictures'),
      rpc('eth_call', 2930, 2950, 'ids'),
      rpc('eth_call', 3470, 3530, 'more pictures'),
    ])
    expect(ids(waves)).toEqual([['ids'], ['more pictures', 'pictures']])
  })

  it('keeps a request sent while the wave before it was still being answered in that wave', () => {
    expect(
      ids(wavesOf([rpc('eth_call', 0, 100, 'a'), rpc('eth_call', 60, 90, 'b'), rpc('eth_call', 99, 120, 'c')])),
    ).toEqual([['a', 'b', 'c']])
  })

  it('leaves out the reads of the account’s code, which no card waits on', () => {
    const api = { url: 'http://127.0.0.1:5173/api/discovery/skies?page=1&limit=24', method: 'GET', body: null }
    const waves = wavesOf([
      { ...api, startMs: 2300, endMs: 2340 },
      rpc('eth_getCode', 2310, 2320),
      rpc('eth_call', 2400, 2450),
    ])
    expect(waves).toEqual([[api], [expect.objectContaining({ method: 'POST' })]])
    expect(waves.flat().some((r) => r.body?.includes('eth_getCode'))).toBe(false)
  })
})
