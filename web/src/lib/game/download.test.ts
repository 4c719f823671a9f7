// @vitest-environment jsdom
import { base64 } from '@chainellation/art'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { downloadSvg, saveBlob, skyFileBase, svgBlobOf, svgBytesOf } from './download'

// Non-ASCII on purpose: the bytes must come back as the chain wrote them, not as UTF-16 code units.
const svg = '<svg xmlns="http://www.w3.org/2000/svg"><text>Ōrion ✨</text></svg>'
const dataUrl = `data:image/svg+xml;base64,${base64(svg)}`
const utf8 = (text: string) => [...new TextEncoder().encode(text)]

const bytesOf = async (blob: Blob) => [...(await blob.bytes())]

describe('svgBytesOf', () => {
  it('decodes a base64 SVG data URL to its UTF-8 bytes', () => {
    expect([...svgBytesOf(dataUrl)]).toEqual(utf8(svg))
  })

  it.each([
    ['a plain URL', 'https://example.com/sky.svg'],
    ['an unencoded SVG', `data:image/svg+xml,${encodeURIComponent(svg)}`],
    ['another image type', `data:image/png;base64,${base64(svg)}`],
  ])('refuses %s', (_, url) => {
    expect(() => svgBytesOf(url)).toThrow('not a base64 SVG data URL')
  })
})

describe('svgBlobOf', () => {
  it('is an image/svg+xml blob of the same bytes', async () => {
    const blob = svgBlobOf(dataUrl)
    expect(blob.type).toBe('image/svg+xml')
    expect(await bytesOf(blob)).toEqual(utf8(svg))
  })
})

describe('file names', () => {
  it('names a sky by its number', () => {
    expect(skyFileBase(12n)).toBe('chainellation-12')
    expect(skyFileBase(7)).toBe('chainellation-7')
  })
})

describe('saveBlob', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    vi.useRealTimers()
  })

  function captureDownloads() {
    vi.useFakeTimers()
    const created: Blob[] = []
    const revoked: string[] = []
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob)
      return `blob:test/${created.length}`
    }
    URL.revokeObjectURL = (url: string) => void revoked.push(url)
    const clicks: { href: string; download: string; inDocument: boolean }[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download, inDocument: this.isConnected })
    })
    return { created, revoked, clicks }
  }

  it('clicks a temporary download link to an object URL, then cleans up', () => {
    const { created, revoked, clicks } = captureDownloads()
    const blob = new Blob(['x'])
    saveBlob(blob, 'chainellation-3.png')
    expect(created).toEqual([blob])
    expect(clicks).toEqual([{ href: 'blob:test/1', download: 'chainellation-3.png', inDocument: true }])
    expect(document.querySelector('a')).toBeNull()
    expect(revoked).toEqual([])
    vi.runAllTimers()
    expect(revoked).toEqual(['blob:test/1'])
  })

  it('downloads the SVG as {base}.svg with the chain’s bytes', async () => {
    const { created, clicks } = captureDownloads()
    downloadSvg(dataUrl, 'chainellation-12')
    expect(clicks[0]?.download).toBe('chainellation-12.svg')
    expect(created[0]?.type).toBe('image/svg+xml')
    expect(created).toHaveLength(1)
    expect(await bytesOf(created[0] as Blob)).toEqual(utf8(svg))
  })
})
