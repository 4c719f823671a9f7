import { base64 } from '@chainellation/art'
import { describe, expect, it } from 'vitest'
import { decodeTokenUri, traitOf } from './token-uri'

const uriOf = (json: unknown) => `data:application/json;base64,${base64(JSON.stringify(json))}`

const meta = {
  name: 'chainellation #7',
  description: 'A night sky over UTC+05:45 — ✨',
  image: 'data:image/svg+xml;base64,PHN2Zy8+',
  attributes: [
    { trait_type: 'Time zone', value: 'UTC+05:45' },
    { trait_type: 'Gazes', value: 3 },
  ],
}

describe('decodeTokenUri', () => {
  it('reads the JSON, UTF-8 included', () => {
    expect(decodeTokenUri(uriOf(meta))).toEqual(meta)
  })

  it('finds a trait by name', () => {
    const decoded = decodeTokenUri(uriOf(meta))
    expect(traitOf(decoded, 'Gazes')).toBe(3)
    expect(traitOf(decoded, 'Constellation')).toBeUndefined()
  })

  it.each([
    ['a plain URL', 'https://example.com/7.json'],
    ['an image that is not an SVG data URL', uriOf({ ...meta, image: 'https://example.com/7.png' })],
    ['missing attributes', uriOf({ ...meta, attributes: undefined })],
  ])('refuses %s', (_, uri) => {
    expect(() => decodeTokenUri(uri)).toThrow()
  })
})
