import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encode, encodedPages, etagOf, negotiate } from './encoded'

const text = (bytes: number) => Buffer.from('<p>a night sky over the hills</p>\n'.repeat(Math.ceil(bytes / 34)))

describe('negotiate', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.2, gzip;q=0.1', 'br'],
    ['x-gzip', 'gzip'],
    ['identity', 'identity'],
    ['BR;Q=1', 'br'],
    ['br;q=nonsense, gzip', 'gzip'],
  ] as const)('answers %j with %s when both codings are at hand', (header, coding) => {
    expect(negotiate(header, ['br', 'gzip'])).toBe(coding)
  })

  it('picks only among the codings at hand', () => {
    expect(negotiate('br', ['gzip'])).toBe('identity')
    expect(negotiate('br, gzip', ['gzip'])).toBe('gzip')
    expect(negotiate('br, gzip', [])).toBe('identity')
  })

  it('answers a header read before as it did, whatever else came between, for each set of codings', () => {
    // A crowd of clients, each with a header of its own, more than the readings kept.
    for (let i = 0; i < 1000; i++) {
      const [gzip, br] = [i % 10, (i + 5) % 10]
      expect(negotiate(`gzip;q=0.${gzip}, br;q=0.${br}, x-${i}`, ['br', 'gzip'])).toBe(br > gzip ? 'br' : 'gzip')
    }
    for (let round = 0; round < 3; round++) {
      expect(negotiate('br;q=0.5, gzip', ['br', 'gzip'])).toBe('gzip')
      expect(negotiate('br;q=0.5, gzip', ['br'])).toBe('br')
      expect(negotiate('br;q=0.5, gzip', [])).toBe('identity')
      expect(negotiate('gzip;q=0.1, br;q=0.6', ['br', 'gzip'])).toBe('br')
      expect(negotiate('gzip;q=0.6, br;q=0.1', ['br', 'gzip'])).toBe('gzip')
    }
  })
})

describe('encode', () => {
  it('keeps brotli and gzip bodies that decode to the original, each with a tag of its own', async () => {
    const body = text(8000)
    const encoded = await encode(body, 'text/html; charset=utf-8', 'most')
    expect(brotliDecompressSync(encoded.codings.br as Buffer)).toEqual(body)
    expect(gunzipSync(encoded.codings.gzip as Buffer)).toEqual(body)
    expect((encoded.codings.br as Buffer).length).toBeLessThan(body.length / 4)
    const tags = (['identity', 'br', 'gzip'] as const).map((coding) => etagOf(encoded, coding))
    expect(new Set(tags).size).toBe(3)
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/)
  })

  it('leaves fonts, images and small bodies as they are', async () => {
    expect((await encode(text(8000), 'font/woff2', 'most')).codings).toEqual({})
    expect((await encode(text(8000), 'image/png', 'most')).codings).toEqual({})
    expect((await encode(text(500), 'text/javascript; charset=utf-8', 'most')).codings).toEqual({})
  })

  it('tags equal bodies alike and different ones apart', async () => {
    const [a, b, c] = await Promise.all([
      encode(text(4000), 'text/css', 'fast'),
      encode(text(4000), 'text/css', 'fast'),
      encode(text(4100), 'text/css', 'fast'),
    ])
    expect(a.etag).toBe(b.etag)
    expect(a.etag).not.toBe(c.etag)
  })
})

describe('encodedPages', () => {
  it('compresses a page once however many answers carry it, at once or later', async () => {
    const pages = encodedPages()
    const html = text(6000).toString()
    const [first, second] = await Promise.all([pages.encode(html), pages.encode(html)])
    expect(second).toBe(first)
    expect(await pages.encode(`${html}`)).toBe(first)
    expect(await pages.encode(`${html}<p>gazed</p>`)).not.toBe(first)
    expect(pages.size().entries).toBe(2)
  })

  it('keeps no more bytes than its bound, dropping the least recently used', async () => {
    const pages = encodedPages({ maxBytes: 20_000 })
    const a = await pages.encode(text(6000).toString())
    for (let i = 0; i < 10; i++) await pages.encode(`${text(6000)}${i}`)
    expect(pages.size().bytes).toBeLessThanOrEqual(20_000)
    expect(await pages.encode(text(6000).toString())).not.toBe(a)
  })
})
