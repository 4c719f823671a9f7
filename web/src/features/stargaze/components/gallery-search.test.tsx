import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { GalleryChange, GalleryQuery } from '../utils/gallery-query'
import { GallerySearch } from './gallery-search'

const at = (q?: string): GalleryQuery => ({ sort: 'newest', ...(q === undefined ? {} : { q }) })

describe('GallerySearch', () => {
  it('keeps what the player typed after a search when the page catches up with that search, and follows back and forward', () => {
    const asked: GalleryQuery[] = []
    const onQuery = (change: GalleryChange) => asked.push(change(at('7')))
    const { rerender } = render(<GallerySearch query={at('7')} onQuery={onQuery} refusal={undefined} />)
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement
    fireEvent.change(box, { target: { value: 'name.eth' } })
    fireEvent.submit(screen.getByRole('form', { name: 'Search the gallery' }))
    expect(asked.at(-1)).toEqual(at('name.eth'))
    // The next search is typed before the page's query has become the one submitted (a transition later).
    fireEvent.change(box, { target: { value: 'not a sky' } })
    rerender(<GallerySearch query={at('name.eth')} onQuery={onQuery} refusal={undefined} />)
    expect(box.value).toBe('not a sky')
    // Back: the URL's search, which the player did not just submit, is shown; and cleared, nothing is.
    rerender(<GallerySearch query={at('7')} onQuery={onQuery} refusal={undefined} />)
    expect(box.value).toBe('7')
    rerender(<GallerySearch query={at()} onQuery={onQuery} refusal={undefined} />)
    expect(box.value).toBe('')
  })
})
