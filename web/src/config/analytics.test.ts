import { describe, expect, it, vi } from 'vitest'

const inject = vi.fn()
vi.mock('@vercel/analytics', () => ({ inject }))

const { analyticsScript, asksNotToTrack, startAnalytics } = await import('./analytics')

describe('startAnalytics', () => {
  it('stays off unless configured', async () => {
    expect(await startAnalytics({ VITE_ANALYTICS: 'off' }, () => false)).toBe(false)
    expect(inject).not.toHaveBeenCalled()
  })

  it("loads Vercel's script from the app's own origin when configured", async () => {
    expect(await startAnalytics({ VITE_ANALYTICS: 'vercel' }, () => false)).toBe(true)
    expect(inject).toHaveBeenCalledWith(expect.objectContaining({ scriptSrc: analyticsScript }))
    expect(analyticsScript.startsWith('/')).toBe(true)
  })

  it('honours Do Not Track, at start and for every event', async () => {
    expect(await startAnalytics({ VITE_ANALYTICS: 'vercel' }, () => true)).toBe(false)
    expect(inject).not.toHaveBeenCalled()
    let dnt = false
    await startAnalytics({ VITE_ANALYTICS: 'vercel' }, () => dnt)
    const { beforeSend } = inject.mock.calls[0][0] as { beforeSend: (e: object) => object | null }
    expect(beforeSend({ type: 'pageview' })).toEqual({ type: 'pageview' })
    dnt = true
    expect(beforeSend({ type: 'pageview' })).toBeNull()
  })

  it('reads Do Not Track from the navigator or the window', () => {
    expect(asksNotToTrack({ doNotTrack: '1' }, {})).toBe(true)
    expect(asksNotToTrack({ doNotTrack: null }, { doNotTrack: '1' })).toBe(true)
    expect(asksNotToTrack({ doNotTrack: '0' }, {})).toBe(false)
  })
})
