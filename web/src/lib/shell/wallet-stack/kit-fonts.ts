import { kitTheme } from './kit-theme'

/** The weights RainbowKit sets its text in (its styles' regular, medium, semibold, bold and heavy). */
export const KIT_FONT_WEIGHTS = [400, 500, 600, 700, 800] as const

/**
 * Steps, one per weight, that each lay out a line of hidden text in RainbowKit's font stack and take it away again,
 * so that the browser has looked up the stack's families before the connect modal first draws. The stack names fonts
 * most systems lack (SF Rounded, Segoe UI, Roboto…); the first layout that uses them asks the system for each, and a
 * settled press's first connect modal, at 4× CPU, reached the screen ~50 ms later for it (docs/decisions/first-use.md).
 * The browser keeps what it looked up for the page's lifetime, so each step is needed once.
 */
export function kitFontSteps(doc: Document = document): (() => void)[] {
  return KIT_FONT_WEIGHTS.map((weight) => () => {
    const line = doc.createElement('span')
    line.setAttribute('aria-hidden', 'true')
    line.textContent = 'Connect a Wallet'
    // Set through the CSSOM, which the page's Content-Security-Policy allows (a style attribute it would not).
    Object.assign(line.style, {
      position: 'fixed',
      top: '0',
      left: '0',
      visibility: 'hidden',
      pointerEvents: 'none',
      whiteSpace: 'nowrap',
      contain: 'layout style',
      fontFamily: kitTheme.fonts.body,
      fontWeight: String(weight),
    })
    doc.body.append(line)
    // Reading its width lays it out now, in this step, rather than in the next frame's work.
    void line.offsetWidth
    line.remove()
  })
}
