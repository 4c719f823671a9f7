import type { FontMetrics } from './font-metrics'
import { DISPLAY_FAMILY, TEXT_FAMILY, textWidth } from './fonts'

/** The size Open Graph consumers crop large previews to (1.91:1), and so the card's. */
export const CARD_WIDTH = 1200
export const CARD_HEIGHT = 630

/** What a card says beside its sky. */
export type CardText = {
  /** Small capitals above the title. */
  kicker: string
  title: string
  /** Said instead of `title` when the fonts cannot draw it (a name in a script they do not cover). */
  fallbackTitle: string
  /** A line or two below the title. */
  lines: readonly string[]
}

export type CardFaces = { display: readonly FontMetrics[]; text: readonly FontMetrics[] }

const MARGIN = 60
/** The sky's side on the card, in pixels: the sky is drawn at this size on its own, then set on the card. */
export const SKY_SIZE = CARD_HEIGHT - 2 * MARGIN
const COLUMN_X = MARGIN + SKY_SIZE + 56
const COLUMN_WIDTH = CARD_WIDTH - COLUMN_X - MARGIN
const TITLE_SIZES = [68, 56, 46] as const
const TITLE_LINES = 3
const LINE_SIZE = 28

/** Text as SVG character data or an attribute value: nothing in it is markup. */
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * `text` broken at spaces into lines no wider than `width`, at most `max` of them, the last cut with an ellipsis
 * when the text runs on; `undefined` when the faces cannot draw it or one word alone is too wide.
 */
export function wrap(
  text: string,
  size: number,
  faces: readonly FontMetrics[],
  width: number,
  max: number,
): string[] | undefined {
  const fits = (line: string) => {
    const measured = textWidth(line, size, faces)
    return measured !== undefined && measured <= width
  }
  const lines: string[] = []
  for (const word of text.trim().split(/\s+/)) {
    if (!fits(word)) return undefined
    const last = lines.at(-1)
    if (last !== undefined && fits(`${last} ${word}`)) lines[lines.length - 1] = `${last} ${word}`
    else lines.push(word)
  }
  if (lines.length <= max) return lines
  const kept = lines.slice(0, max)
  let last = `${kept[max - 1]}…`
  while (!fits(last) && last.length > 1) last = `${last.slice(0, -2).trimEnd()}…`
  kept[max - 1] = last
  return kept
}

/** The title in the largest size at which it fits the column, or the fallback's when it cannot be drawn. */
function titleLayout(text: CardText, faces: CardFaces) {
  for (const title of [text.title, text.fallbackTitle]) {
    for (const size of TITLE_SIZES) {
      const lines = wrap(title, size, faces.display, COLUMN_WIDTH, TITLE_LINES)
      // The largest size that needs no ellipsis, else the smallest with one.
      if (lines && (lines.join(' ') === title.trim().replace(/\s+/g, ' ') || size === TITLE_SIZES.at(-1)))
        return { size, lines }
    }
  }
  return { size: TITLE_SIZES[0], lines: [] }
}

/**
 * The share card: the sky's picture (a PNG of SKY_SIZE pixels, drawn from its SVG beforehand: resvg draws no image
 * nested two deep, and the sky's decorations are images inside it) on the left of a dark card, the words on the
 * right, 1200×630.
 */
export function cardSvg(skyPng: Buffer, text: CardText, faces: CardFaces): string {
  const picture = `data:image/png;base64,${skyPng.toString('base64')}`
  const title = titleLayout(text, faces)
  const lines = text.lines.flatMap((line) => wrap(line, LINE_SIZE, faces.text, COLUMN_WIDTH, 1) ?? [])
  const kickerY = 150
  const titleTop = kickerY + 36
  const titleLeading = title.size * 1.12
  const titleBottom = titleTop + title.lines.length * titleLeading
  const tspan = (line: string, i: number, leading: number) =>
    `<tspan x="${COLUMN_X}" dy="${i === 0 ? 0 : leading}">${xml(line)}</tspan>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" ` +
    `viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">` +
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">' +
    '<stop offset="0" stop-color="#0b1230"/><stop offset="1" stop-color="#05070f"/></linearGradient>' +
    `<clipPath id="sky"><rect x="${MARGIN}" y="${MARGIN}" width="${SKY_SIZE}" height="${SKY_SIZE}" rx="28"/>` +
    '</clipPath></defs>' +
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>` +
    `<image href="${picture}" x="${MARGIN}" y="${MARGIN}" width="${SKY_SIZE}" height="${SKY_SIZE}" ` +
    'clip-path="url(#sky)"/>' +
    `<rect x="${MARGIN + 0.5}" y="${MARGIN + 0.5}" width="${SKY_SIZE - 1}" height="${SKY_SIZE - 1}" rx="28" ` +
    'fill="none" stroke="#fff" stroke-opacity=".14"/>' +
    `<text x="${COLUMN_X}" y="${kickerY}" font-family="${TEXT_FAMILY}" font-weight="600" font-size="20" ` +
    `letter-spacing="4" fill="#8f9bd6">${xml(text.kicker.toUpperCase())}</text>` +
    `<text x="${COLUMN_X}" y="${titleTop + title.size}" font-family="${DISPLAY_FAMILY}" font-size="${title.size}" ` +
    `fill="#fff">${title.lines.map((line, i) => tspan(line, i, titleLeading)).join('')}</text>` +
    `<text x="${COLUMN_X}" y="${titleBottom + 64}" font-family="${TEXT_FAMILY}" font-size="${LINE_SIZE}" ` +
    `fill="#c9d1f0">${lines.map((line, i) => tspan(line, i, LINE_SIZE * 1.5)).join('')}</text>` +
    `<rect x="${COLUMN_X}" y="${CARD_HEIGHT - MARGIN - 4}" width="72" height="4" rx="2" fill="#ffe9c2"/>` +
    '</svg>'
  )
}
