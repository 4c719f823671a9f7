import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DEFAULT_GALLERY_QUERY, type GalleryChange, type GalleryQuery } from '../utils/gallery-query'
import { GalleryFilters } from './gallery-filters'

describe('GalleryFilters', () => {
  it('keeps both of two choices made before the page has rendered the first', () => {
    // The URL's view, which each change is applied to as it is made. The filters are not rendered again in between,
    // as when the page renders the first navigation as a transition after the second choice.
    let url: GalleryQuery = { ...DEFAULT_GALLERY_QUERY, night: true }
    const onQuery = (change: GalleryChange) => {
      url = change(url)
    }
    render(<GalleryFilters query={url} onQuery={onQuery} />)
    fireEvent.change(screen.getByRole('combobox', { name: 'Time there' }), { target: { value: '' } })
    fireEvent.change(screen.getByRole('combobox', { name: 'Decorations' }), { target: { value: 'true' } })
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: 'gazes' } })
    expect(url).toEqual({ sort: 'gazes', night: undefined, decorated: true })
  })
})
