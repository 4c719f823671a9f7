import { describe, expect, it } from 'vitest'
import { gallerySearch, isNarrowed, parseGalleryQuery } from './gallery-query'

const parse = (search: string) => parseGalleryQuery(new URLSearchParams(search))

describe('parseGalleryQuery', () => {
  it('is newest first with no filter when the URL says nothing', () => {
    expect(parse('view=everyone')).toEqual({ sort: 'newest' })
  })

  it('reads every order, flag, time zone and search the controls write', () => {
    expect(
      parse('view=everyone&sort=recent&night=true&tz=-12600&completed=false&decorated=true&owner=0xabc&q=%2342'),
    ).toEqual({
      sort: 'recent',
      night: true,
      tz: -12600,
      completed: false,
      decorated: true,
      owner: '0xabc',
      q: '#42',
    })
  })

  it('leaves out values the controls could not have written', () => {
    expect(parse('sort=random&night=yes&completed=1&decorated=&tz=100')).toEqual({ sort: 'newest' })
    expect(parse('tz=-46800')).toEqual({ sort: 'newest' })
    expect(parse('tz=54000')).toEqual({ sort: 'newest' })
    expect(parse('tz=abc')).toEqual({ sort: 'newest' })
  })

  it('keeps the ends of the time zones and UTC itself', () => {
    expect(parse('tz=-43200').tz).toBe(-43200)
    expect(parse('tz=50400').tz).toBe(50400)
    expect(parse('tz=0').tz).toBe(0)
  })

  it('keeps a search as typed, trimmed, for the index to judge, and drops a blank one', () => {
    expect(parse('q=%20alice.eth%20').q).toBe('alice.eth')
    expect(parse('q=not%20a%20sky').q).toBe('not a sky')
    expect(parse('q=%20%20&owner=').q).toBeUndefined()
    expect(parse('owner=').owner).toBeUndefined()
  })
})

describe('gallerySearch', () => {
  it('round-trips through the URL', () => {
    const query = { sort: 'gazes', night: false, tz: 19800, completed: true, owner: '0xabc', q: 'alice.eth' } as const
    const search = gallerySearch(query)
    expect(search.get('view')).toBe('everyone')
    expect(parseGalleryQuery(search)).toEqual(query)
  })

  it('writes the default order and unset filters as nothing, so the plain gallery has a plain URL', () => {
    expect(gallerySearch({ sort: 'newest' }).toString()).toBe('view=everyone')
    expect(gallerySearch({ sort: 'newest', q: '  ' }).toString()).toBe('view=everyone')
  })
})

describe('isNarrowed', () => {
  it('is false for an order alone and true for any filter or search', () => {
    expect(isNarrowed({ sort: 'oldest' })).toBe(false)
    expect(isNarrowed({ sort: 'newest', decorated: false })).toBe(true)
    expect(isNarrowed({ sort: 'newest', tz: 0 })).toBe(true)
    expect(isNarrowed({ sort: 'newest', q: '7' })).toBe(true)
  })
})
