import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { COPIED_MS, ShareButton } from './share-button'

/** Gives the page a clipboard (and, when asked, a share sheet) for one test. */
function stubNavigator({ share }: { share?: () => Promise<void> } = {}) {
  const writeText = vi.fn(() => Promise.resolve())
  vi.stubGlobal('navigator', { clipboard: { writeText }, ...(share ? { share } : {}) })
  return { writeText }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('ShareButton', () => {
  it('copies the page’s link where there is no share sheet, and says so for 1.5 s', async () => {
    vi.useFakeTimers()
    const { writeText } = stubNavigator()
    render(<ShareButton path="/sky/7" title="Night sky #7" />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share' })))
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/sky/7`)
    expect(screen.getByRole('button', { name: 'Link copied' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Link copied')
    act(() => vi.advanceTimersByTime(COPIED_MS - 1))
    expect(screen.getByRole('button', { name: 'Link copied' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy()
  })

  it('hands the link to the share sheet where there is one, and copies nothing', async () => {
    const share = vi.fn(() => Promise.resolve())
    const { writeText } = stubNavigator({ share })
    render(<ShareButton path="/draft/abc" title="Hills" />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share' })))
    expect(share).toHaveBeenCalledWith({ url: `${window.location.origin}/draft/abc`, title: 'Hills' })
    expect(writeText).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy()
  })

  it('says in a sentence when the link could not be copied', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new Error('denied')) } })
    render(<ShareButton path="/sky/7" title="Night sky #7" />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share' })))
    expect(screen.getByRole('status').textContent).toMatch(/^This browser would not copy the link/)
  })
})
