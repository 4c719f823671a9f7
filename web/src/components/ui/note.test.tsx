import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Note } from './note'

describe('Note', () => {
  it('is announced with the role it is given', () => {
    render(
      <Note tone="error" role="alert">
        The transaction was reverted.
      </Note>,
    )
    expect(screen.getByRole('alert').textContent).toBe('The transaction was reverted.')
  })

  it('has no role of its own, so a note that needs none is not read out', () => {
    render(<Note>Drafts are kept for a month.</Note>)
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText('Drafts are kept for a month.').tagName).toBe('P')
  })

  it('looks different in each tone', () => {
    render(
      <>
        <Note tone="info">a</Note>
        <Note tone="warning">b</Note>
        <Note tone="error">c</Note>
      </>,
    )
    const classes = ['a', 'b', 'c'].map((text) => screen.getByText(text).className)
    expect(new Set(classes).size).toBe(3)
  })
})
