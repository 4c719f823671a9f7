import { afterEach, describe, expect, it, vi } from 'vitest'
import { IndexDownError, IndexRefusal } from '@/lib/discovery/discovery-api'
import { fetchSkies } from './discovery'

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))

const never = () => new AbortController().signal

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('fetchSkies', () => {
  it('asks for the view and the page, 24 skies at a time', async () => {
    const fetch = answer(200, { skies: [], page: 2, next: null })
    vi.stubGlobal('fetch', fetch)
    expect(await fetchSkies({ sort: 'gazes', night: true, q: 'alice.eth' }, 2, never())).toEqual({
      skies: [],
      page: 2,
      next: null,
    })
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]), 'http://app.test')
    expect(url.pathname).toBe('/api/discovery/skies')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sort: 'gazes',
      night: 'true',
      q: 'alice.eth',
      page: '2',
      limit: '24',
    })
  })

  it('turns a 400 into a refusal carrying the index’s sentence', async () => {
    vi.stubGlobal('fetch', answer(400, { error: 'owner must be an address: 0x and 40 hexadecimal digits.' }))
    const failure = await fetchSkies({ sort: 'newest', owner: 'bob' }, 1, never()).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(IndexRefusal)
    expect((failure as Error).message).toBe('owner must be an address: 0x and 40 hexadecimal digits.')
  })

  it.each([
    ['a 503', answer(503, { error: 'The gallery’s index is not answering.' })],
    ['a 502 without a body', vi.fn(async () => new Response('Bad gateway', { status: 502 }))],
    ['no answer at all', vi.fn(async () => Promise.reject(new TypeError('fetch failed')))],
  ])('turns %s into an index that is down', async (_, fetch) => {
    vi.stubGlobal('fetch', fetch)
    const failure = await fetchSkies({ sort: 'newest' }, 1, never()).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(IndexDownError)
  })

  it('lets an abort through as an abort, not as a silent index', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError'))),
    )
    const failure = await fetchSkies({ sort: 'newest' }, 1, never()).catch((e: unknown) => e)
    expect(failure).not.toBeInstanceOf(IndexDownError)
    expect((failure as Error).name).toBe('AbortError')
  })
})
