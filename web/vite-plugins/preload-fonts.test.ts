import { describe, expect, it } from 'vitest'
import { addFontPreloads } from './preload-fonts.ts'

const built = `<head>
    <link rel="stylesheet" crossorigin href="/assets/index-D.css">
  </head>`
const assets = [
  'assets/index-D.css',
  'assets/inter-latin-wght-normal-A1.woff2',
  'assets/inter-latin-ext-wght-normal-B2.woff2',
  'assets/kdam-latin-400-normal-C3.woff2',
  'assets/kdam-latin-400-normal-C3.woff',
]

describe('addFontPreloads', () => {
  it('preloads the woff2 file of each named font at the end of the head', () => {
    expect(addFontPreloads(built, assets, ['inter-latin-wght-normal', 'kdam-latin-400-normal'])).toBe(`<head>
    <link rel="stylesheet" crossorigin href="/assets/index-D.css">
    <link rel="preload" href="/assets/inter-latin-wght-normal-A1.woff2" as="font" type="font/woff2" crossorigin>
    <link rel="preload" href="/assets/kdam-latin-400-normal-C3.woff2" as="font" type="font/woff2" crossorigin>
  </head>`)
  })

  it('refuses a font the build does not have, or one the name does not single out', () => {
    expect(() => addFontPreloads(built, assets, ['roboto'])).toThrow(/0 woff2 files .* "roboto"/)
    expect(() => addFontPreloads(built, assets, ['inter-latin'])).toThrow(/2 woff2 files .* "inter-latin"/)
  })
})
