// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { KIT_FONT_WEIGHTS, kitFontSteps } from './kit-fonts'
import { kitTheme } from './kit-theme'

describe('the kit’s fonts, looked up ahead of its modal', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('lays out hidden text in RainbowKit’s font stack once per weight, and leaves nothing behind', () => {
    const laidOut: { family: string; weight: string; visibility: string; inDocument: boolean }[] = []
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
      laidOut.push({
        family: this.style.fontFamily,
        weight: this.style.fontWeight,
        visibility: this.style.visibility,
        inDocument: this.isConnected,
      })
      return 0
    })
    const steps = kitFontSteps()
    expect(steps).toHaveLength(KIT_FONT_WEIGHTS.length)
    for (const step of steps) step()
    expect(laidOut.map((line) => line.weight)).toEqual(KIT_FONT_WEIGHTS.map(String))
    for (const line of laidOut) {
      expect(line).toMatchObject({ visibility: 'hidden', inDocument: true })
      // The same families in the same order (jsdom writes them back without quotes or spaces).
      const families = (stack: string) => stack.replace(/["\s]/g, '')
      expect(families(line.family)).toBe(families(kitTheme.fonts.body))
    }
    expect(document.body.childElementCount).toBe(0)
  })
})
