import { describe, expect, it, vi } from 'vitest'
import { type Sharer, shareLink } from './share-link'

const data = { url: 'https://chainellation.example/sky/7', title: 'Night sky #7' }
const failing = (name: string) => () => Promise.reject(Object.assign(new Error(name), { name }))

describe('shareLink', () => {
  it('hands the link to the share sheet where the browser has one, and copies nothing', async () => {
    const share = vi.fn(() => Promise.resolve())
    const writeText = vi.fn(() => Promise.resolve())
    expect(await shareLink(data, { share, clipboard: { writeText } })).toBe('shared')
    expect(share).toHaveBeenCalledWith(data)
    expect(writeText).not.toHaveBeenCalled()
  })

  it('copies the link where there is no share sheet', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    expect(await shareLink(data, { clipboard: { writeText } })).toBe('copied')
    expect(writeText).toHaveBeenCalledWith(data.url)
  })

  it('copies the link where the sheet cannot take it, or the browser refuses to open it', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    const share = vi.fn(() => Promise.resolve())
    expect(await shareLink(data, { share, canShare: () => false, clipboard: { writeText } })).toBe('copied')
    expect(share).not.toHaveBeenCalled()
    expect(await shareLink(data, { share: failing('NotAllowedError'), clipboard: { writeText } })).toBe('copied')
    expect(writeText).toHaveBeenCalledTimes(2)
  })

  it('takes a closed sheet as the person’s choice, and says when the link could go nowhere', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    expect(await shareLink(data, { share: failing('AbortError'), clipboard: { writeText } })).toBe('cancelled')
    expect(writeText).not.toHaveBeenCalled()
    expect(await shareLink(data, { clipboard: { writeText: failing('NotAllowedError') } })).toBe('failed')
    expect(await shareLink(data, {} as Sharer)).toBe('failed')
  })
})
