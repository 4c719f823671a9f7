import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type FontMetrics, fontMetrics } from './font-metrics'
import { sfntFromWoff } from './woff'

// The font files are read from their packages, found up the node_modules folders from src/ and from the bundle alike.
const resolveFont = createRequire(import.meta.url).resolve

/** The two faces the web app sets its pages in: the display face of its titles, and Inter for the rest. */
export const DISPLAY_FAMILY = 'Kdam Thmor Pro'
export const TEXT_FAMILY = 'Inter'

const FACES = {
  display: [
    '@fontsource/kdam-thmor-pro/files/kdam-thmor-pro-latin-400-normal.woff',
    '@fontsource/kdam-thmor-pro/files/kdam-thmor-pro-latin-ext-400-normal.woff',
  ],
  text: [
    '@fontsource/inter/files/inter-latin-400-normal.woff',
    '@fontsource/inter/files/inter-latin-ext-400-normal.woff',
    '@fontsource/inter/files/inter-latin-600-normal.woff',
  ],
} as const

export type CardFonts = {
  /** Font files for the renderer, which loads sfnt files by path only. */
  files: string[]
  display: FontMetrics[]
  text: FontMetrics[]
}

let loaded: CardFonts | undefined

/**
 * The card's fonts, from the same font packages the web app uses: each WOFF turned into the sfnt it holds, once per
 * process, and written under the system's temporary folder by content hash (so processes share the files and a
 * rewrite is never half-read: each is written aside and renamed into place).
 */
export function cardFonts(): CardFonts {
  if (loaded) return loaded
  const folder = join(tmpdir(), 'chainellation-card-fonts')
  mkdirSync(folder, { recursive: true })
  const load = (specifier: string) => {
    const sfnt = sfntFromWoff(readFileSync(resolveFont(specifier)))
    const file = join(folder, `${createHash('sha256').update(sfnt).digest('hex').slice(0, 16)}.ttf`)
    const aside = `${file}.${process.pid}`
    writeFileSync(aside, sfnt)
    renameSync(aside, file)
    return { file, metrics: fontMetrics(sfnt) }
  }
  const display = FACES.display.map(load)
  const text = FACES.text.map(load)
  loaded = {
    files: [...display, ...text].map((f) => f.file),
    display: display.map((f) => f.metrics),
    // The 600 weight has the same characters as the 400: it is not needed to measure.
    text: text.slice(0, 2).map((f) => f.metrics),
  }
  return loaded
}

/**
 * The width of `text` at `size` pixels in the first of `faces` that has each character, without kerning;
 * `undefined` when none has one of them (the card then shows other words: a missing glyph would draw nothing).
 */
export function textWidth(text: string, size: number, faces: readonly FontMetrics[]): number | undefined {
  let width = 0
  for (const char of text) {
    const codePoint = char.codePointAt(0) as number
    const face = faces.find((f) => f.advance(codePoint) !== undefined)
    if (!face) return undefined
    width += ((face.advance(codePoint) as number) / face.unitsPerEm) * size
  }
  return width
}
