import { describe, expect, it } from 'vitest'
import { CARD_HEIGHT, CARD_WIDTH, cardSvg, wrap } from './card-svg'
import { cardFonts, textWidth } from './fonts'

/** Stands for the sky's PNG: the card only carries it. */
const sky = Buffer.from('a PNG of the sky')
const text = { kicker: 'chainellation', title: 'Night sky #7', fallbackTitle: 'Night sky #7', lines: ['3 gazes'] }

/** The character data of every `<tspan>` of the `<text>` at `index`. */
const spans = (svg: string, index: number) =>
  [...(svg.split('<text').at(index + 1) ?? '').split('</text>')[0].matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map(
    (m) => m[1],
  )

describe('cardSvg', () => {
  it('is a 1200×630 card holding the sky’s picture as an image', () => {
    const svg = cardSvg(sky, text, cardFonts())
    expect(svg).toMatch(new RegExp(`^<svg [^>]*width="${CARD_WIDTH}" height="${CARD_HEIGHT}"`))
    expect(svg).toContain(`href="data:image/png;base64,${sky.toString('base64')}"`)
    expect(spans(svg, 1)).toEqual(['Night sky #7'])
    expect(spans(svg, 2)).toEqual(['3 gazes'])
  })

  it('writes every word as text, whatever it holds', () => {
    const name = `</text> <image href="/etc/hosts"/> <text>"&'`
    const svg = cardSvg(sky, { ...text, title: name, lines: [name] }, cardFonts())
    expect(svg).not.toContain('/etc/hosts"/>')
    expect(svg.match(/<image /g)).toHaveLength(1)
    const escaped = '&#60;/text&#62; &#60;image href=&#34;/etc/hosts&#34;/&#62; &#60;text&#62;&#34;&#38;&#39;'
    expect(spans(svg, 1).join(' ')).toBe(escaped)
    expect(spans(svg, 2)[0]).toMatch(/^&#60;\/text&#62; &#60;image href=&#34;/)
  })

  it('says the fallback title when the fonts cannot draw the title', () => {
    const svg = cardSvg(sky, { ...text, title: '夜空の下で', fallbackTitle: 'A shared draft' }, cardFonts())
    expect(spans(svg, 1).join(' ')).toBe('A shared draft')
  })

  it('breaks a long title into at most three lines that fit the column, the last cut short', () => {
    const title = 'Orion over the bay with a lighthouse, a comet at dawn and a very long name that goes on and on'
    const svg = cardSvg(sky, { ...text, title }, cardFonts())
    const lines = spans(svg, 1)
    expect(lines).toHaveLength(3)
    expect(lines.at(-1)).toMatch(/…$/)
    const size = Number(/font-family="Kdam Thmor Pro" font-size="(\d+)"/.exec(svg)?.[1])
    for (const line of lines) expect(textWidth(line, size, cardFonts().display)).toBeLessThanOrEqual(510)
  })
})

describe('wrap', () => {
  const { text: faces } = cardFonts()
  it('fills each line before starting the next', () => {
    const width = textWidth('three four', 20, faces) as number
    expect(textWidth('one two three', 20, faces)).toBeGreaterThan(width)
    expect(wrap('one two three four', 20, faces, width, 5)).toEqual(['one two', 'three four'])
  })

  it('is nothing for a word too wide for a line, or a character the faces lack', () => {
    expect(wrap('a'.repeat(200), 20, faces, 100, 3)).toBeUndefined()
    expect(wrap('Orion 夜', 20, faces, 1000, 3)).toBeUndefined()
  })
})
