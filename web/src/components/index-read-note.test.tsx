import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { IndexReadNote } from './index-read-note'

describe('IndexReadNote', () => {
  it('says what is being read while there is no answer', () => {
    render(<IndexReadNote error={null} reading="Reading the ranking…" />)
    expect(screen.getByRole('status').textContent).toBe('Reading the ranking…')
  })

  it('says why the index did not answer, in its own words', () => {
    render(<IndexReadNote error={new Error('The index is not answering.')} reading="Reading the ranking…" />)
    expect(screen.getByRole('status').textContent).toBe('The index is not answering.')
  })
})
