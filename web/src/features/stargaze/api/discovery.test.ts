import { afterEach, describe, expect, it, vi } from 'vitest'
import { IndexDownError, IndexRefusal } from '@/lib/discovery/discovery-api'
import { askFirstSkiesEarly, EARLY_ANSWER_MS, fetchSkies } from './discovery'

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

describe('the first page asked for ahead', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is what the gallery takes for that view, once: one request between them', async () => {
    const fetch = answer(200, { skies: [], page: 1, next: 2 })
    vi.stubGlobal('fetch', fetch)
    askFirstSkiesEarly({ sort: 'gazes', night: true })
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(await fetchSkies({ sort: 'gazes', night: true }, 1, never())).toEqual({ skies: [], page: 1, next: 2 })
    expect(fetch).toHaveBeenCalledTimes(1)
    // Asked again (a refetch), the index is asked afresh; and a view the gallery has asked for is not asked ahead.
    await fetchSkies({ sort: 'gazes', night: true }, 1, never())
    askFirstSkiesEarly({ sort: 'gazes', night: true })
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('is not taken for another view, nor for another page', async () => {
    const fetch = answer(200, { skies: [], page: 1, next: null })
    vi.stubGlobal('fetch', fetch)
    askFirstSkiesEarly({ sort: 'newest', q: 'early' })
    await fetchSkies({ sort: 'newest', q: 'early' }, 2, never())
    await fetchSkies({ sort: 'newest', q: 'later' }, 1, never())
    expect(fetch).toHaveBeenCalledTimes(3)
    await fetchSkies({ sort: 'newest', q: 'early' }, 1, never())
    expect(fetch).toHaveBeenCalledTimes(3)
  })

  it('is not taken once it is as old as the gallery’s own answers may be', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const fetch = answer(200, { skies: [], page: 1, next: null })
    vi.stubGlobal('fetch', fetch)
    askFirstSkiesEarly({ sort: 'newest', q: 'old' })
    vi.setSystemTime(Date.now() + EARLY_ANSWER_MS)
    await fetchSkies({ sort: 'newest', q: 'old' }, 1, never())
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('hands the gallery the index’s failure, and reports none while nobody takes it', async () => {
    vi.stubGlobal('fetch', answer(503, { error: 'The gallery’s index is not answering.' }))
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      askFirstSkiesEarly({ sort: 'newest', q: 'down' })
      askFirstSkiesEarly({ sort: 'newest', q: 'never taken' })
      await new Promise((resolve) => setTimeout(resolve, 10))
      const failure = await fetchSkies({ sort: 'newest', q: 'down' }, 1, never()).catch((e: unknown) => e)
      expect(failure).toBeInstanceOf(IndexDownError)
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })
})
