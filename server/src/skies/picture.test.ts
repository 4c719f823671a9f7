import { describe, expect, it } from 'vitest'
import { pictureOf } from './picture'

const uri = (metadata: unknown) =>
  `data:application/json;base64,${Buffer.from(JSON.stringify(metadata)).toString('base64')}`
const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`

describe('pictureOf', () => {
  it('is the SVG data URL a token URI carries', () => {
    expect(pictureOf(uri({ name: 'chainellation #1', image: svg }))).toBe(svg)
  })

  it.each([
    ['not base64 JSON', 'https://example.com/1.json'],
    ['broken JSON', `data:application/json;base64,${Buffer.from('{"image":').toString('base64')}`],
    ['no image', uri({ name: 'x' })],
    ['an image of another type', uri({ image: 'data:image/png;base64,iVBORw0KGgo=' })],
    ['a picture that would end the attribute', uri({ image: `${svg}" onerror="alert(1)` })],
    ['a picture as markup', uri({ image: 'data:image/svg+xml;utf8,<svg onload="alert(1)"/>' })],
    ['an image that is no string', uri({ image: 7 })],
    ['JSON that is no object', uri('data:image/svg+xml;base64,AAAA')],
  ])('is nothing for %s', (_, tokenUri) => {
    expect(pictureOf(tokenUri)).toBeUndefined()
  })
})
