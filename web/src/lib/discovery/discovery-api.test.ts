import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchActivity, INDEX_DOWN, IndexDownError } from './discovery-api'
import { LIVE_INTERVAL_MS, refetchEvery } from './live'

const answer = (status: number, body: unknown) => vi.fn(async () => Response.json(body, { status }))

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('reading the index', () => {
  it('passes the filter and the cursor on and gives the page', async () => {
    const page = { activity: [], next: null }
    const fetch = answer(200, page)
    vi.stubGlobal('fetch', fetch)
    await expect(fetchActivity({ skyId: 12 }, 25, '99')).resolves.toEqual(page)
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]), 'http://app')
    expect(url.pathname).toBe('/api/discovery/activity')
    expect(Object.fromEntries(url.searchParams)).toEqual({ skyId: '12', limit: '25', before: '99' })
  })

  it('says the index is down, in a sentence, when the API answers 503 or nothing at all', async () => {
    vi.stubGlobal('fetch', answer(503, { error: 'The gallery’s index is not answering.' }))
    const refused = await fetchActivity({}, 6, undefined).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(IndexDownError)
    expect((refused as Error).message).toBe(INDEX_DOWN)
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    await expect(fetchActivity({}, 6, undefined)).rejects.toBeInstanceOf(IndexDownError)
  })

  it('gives a refusal of the request its own sentence, not worth asking again', async () => {
    vi.stubGlobal('fetch', answer(400, { error: 'before must be the id of an activity entry.' }))
    const refused = await fetchActivity({}, 6, 'x').catch((e: unknown) => e)
    expect(refused).not.toBeInstanceOf(IndexDownError)
    expect((refused as Error).message).toBe('before must be the id of an activity entry.')
    expect(refetchEvery(false)({ state: { error: refused } })).toBe(false)
  })

  it('asks again every few seconds while live, or while the index is down', () => {
    expect(refetchEvery(true)({ state: { error: null } })).toBe(LIVE_INTERVAL_MS)
    expect(refetchEvery(false)({ state: { error: null } })).toBe(false)
    expect(refetchEvery(false)({ state: { error: new IndexDownError() } })).toBe(LIVE_INTERVAL_MS)
  })
})
