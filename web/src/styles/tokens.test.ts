import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// Axe and Lighthouse cannot judge contrast over a gradient, and every page sits on one (global.css), so the text
// colours are checked here against the lightest backgrounds the pages draw text on, as measured in Chromium from
// screenshots of every route: the root gradient where its purple glow is strongest, and the side menu's panel.
const LIGHTEST_BACKGROUNDS = { 'purple glow': [34, 33, 55], 'side menu': [32, 26, 27] } as const

const css = readFileSync(new URL('./global.css', import.meta.url), 'utf8')
const token = (name: string) => {
  const hex = new RegExp(`--${name}:\\s*#([0-9a-f]{6});`, 'i').exec(css)?.[1]
  if (!hex) throw new Error(`--${name} is not a #rrggbb colour in global.css`)
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))
}

/** WCAG 2.1 relative luminance of an sRGB colour. */
const luminance = (rgb: readonly number[]) => {
  const [r = 0, g = 0, b = 0] = rgb.map((c) => {
    const s = c / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: readonly number[], b: readonly number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

describe('text colours', () => {
  // WCAG 2.1 SC 1.4.3: 4.5:1 for text under 24 px (18.66 px bold); every token below sets text that small somewhere.
  for (const name of ['ink', 'muted', 'faint', 'accent', 'accent-bright']) {
    for (const [where, background] of Object.entries(LIGHTEST_BACKGROUNDS)) {
      it(`--${name} reaches 4.5:1 on the ${where}`, () => {
        expect(contrast(token(name), background)).toBeGreaterThanOrEqual(4.5)
      })
    }
  }

  it('measures as the standard does: white on black is 21:1, a grey on itself 1:1', () => {
    expect(contrast([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5)
    expect(contrast([119, 119, 119], [119, 119, 119])).toBe(1)
  })
})
