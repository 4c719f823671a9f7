/** What laying out a line of text needs from a font: its em square and each character's advance, in its units. */
export type FontMetrics = {
  unitsPerEm: number
  /** The advance width of `codePoint`'s glyph; `undefined` where the font has no glyph for it. */
  advance: (codePoint: number) => number | undefined
}

/** The offset and length of each table of an sfnt (OpenType, "Table Directory"), by tag. */
function tablesOf(font: Buffer): Map<string, Buffer> {
  const tables = new Map<string, Buffer>()
  const count = font.readUInt16BE(4)
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16
    const offset = font.readUInt32BE(at + 8)
    tables.set(font.toString('latin1', at, at + 4), font.subarray(offset, offset + font.readUInt32BE(at + 12)))
  }
  return tables
}

/** A Unicode character map, format 4 (BMP segments) or 12 (groups), as `cmap` holds them (OpenType, "cmap"). */
function glyphIndexer(cmap: Buffer): (codePoint: number) => number {
  const subtables = Array.from({ length: cmap.readUInt16BE(2) }, (_, i) => ({
    platform: cmap.readUInt16BE(4 + i * 8),
    encoding: cmap.readUInt16BE(6 + i * 8),
    table: cmap.subarray(cmap.readUInt32BE(8 + i * 8)),
  }))
  const full = subtables.find((s) => s.table.readUInt16BE(0) === 12 && [0, 3].includes(s.platform))
  if (full) {
    const groups = full.table.readUInt32BE(12)
    return (codePoint) => {
      for (let g = 0; g < groups; g++) {
        const at = 16 + g * 12
        const start = full.table.readUInt32BE(at)
        if (codePoint >= start && codePoint <= full.table.readUInt32BE(at + 4))
          return full.table.readUInt32BE(at + 8) + codePoint - start
      }
      return 0
    }
  }
  const bmp = subtables.find(
    (s) => s.table.readUInt16BE(0) === 4 && (s.platform === 0 || (s.platform === 3 && s.encoding === 1)),
  )
  if (!bmp) throw new Error('the font has no Unicode character map')
  const t = bmp.table
  const segments = t.readUInt16BE(6) / 2
  const ends = 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const rangeOffsets = deltas + segments * 2
  return (codePoint) => {
    if (codePoint > 0xffff) return 0
    for (let s = 0; s < segments; s++) {
      if (codePoint > t.readUInt16BE(ends + s * 2)) continue
      const start = t.readUInt16BE(starts + s * 2)
      if (codePoint < start) return 0
      const delta = t.readUInt16BE(deltas + s * 2)
      const rangeOffset = t.readUInt16BE(rangeOffsets + s * 2)
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff
      const glyph = t.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (codePoint - start) * 2)
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff
    }
    return 0
  }
}

/** The metrics of an sfnt font (TrueType or OpenType): `head`'s em, `cmap`'s glyphs and `hmtx`'s advances. */
export function fontMetrics(font: Buffer): FontMetrics {
  const tables = tablesOf(font)
  const table = (tag: string) => {
    const found = tables.get(tag)
    if (!found) throw new Error(`the font has no ${tag} table`)
    return found
  }
  const glyphOf = glyphIndexer(table('cmap'))
  const hmtx = table('hmtx')
  const longMetrics = table('hhea').readUInt16BE(34)
  return {
    unitsPerEm: table('head').readUInt16BE(18),
    advance: (codePoint) => {
      const glyph = glyphOf(codePoint)
      if (glyph === 0) return undefined
      // Glyphs past the last long metric share its advance (OpenType, "hmtx").
      return hmtx.readUInt16BE(Math.min(glyph, longMetrics - 1) * 4)
    },
  }
}
