import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { fontMetrics } from './font-metrics'
import { sfntFromWoff } from './woff'

const require = createRequire(import.meta.url)
const woffOf = (specifier: string) => readFileSync(require.resolve(specifier))
const KDAM = '@fontsource/kdam-thmor-pro/files/kdam-thmor-pro-latin-400-normal.woff'
const INTER = '@fontsource/inter/files/inter-latin-400-normal.woff'

/** The OpenType checksum of a table: the sum of its big-endian uint32s, the last zero-padded. */
function checksum(table: Buffer, zeroAt?: number): number {
  const padded = Buffer.alloc((table.length + 3) & ~3)
  table.copy(padded)
  if (zeroAt !== undefined) padded.writeUInt32BE(0, zeroAt)
  let sum = 0
  for (let at = 0; at < padded.length; at += 4) sum = (sum + padded.readUInt32BE(at)) >>> 0
  return sum
}

/** A WOFF 1.0 file of the given tables (tag, bytes), each compressed when that makes it smaller. */
function woffWith(tables: [string, Buffer][], flavor = 0x00010000): Buffer {
  const header = Buffer.alloc(44 + tables.length * 20)
  header.writeUInt32BE(0x774f4646, 0)
  header.writeUInt32BE(flavor, 4)
  header.writeUInt16BE(tables.length, 12)
  const bodies: Buffer[] = []
  let offset = header.length
  tables.forEach(([tag, bytes], i) => {
    const deflated = deflateSync(bytes)
    const stored = deflated.length < bytes.length ? deflated : bytes
    const at = 44 + i * 20
    header.write(tag, at, 'latin1')
    header.writeUInt32BE(offset, at + 4)
    header.writeUInt32BE(stored.length, at + 8)
    header.writeUInt32BE(bytes.length, at + 12)
    header.writeUInt32BE(checksum(bytes), at + 16)
    const body = Buffer.alloc((stored.length + 3) & ~3)
    stored.copy(body)
    bodies.push(body)
    offset += body.length
  })
  return Buffer.concat([header, ...bodies])
}

describe('sfntFromWoff', () => {
  it('rebuilds the sfnt: its flavor, a directory for binary search and every table as it was', () => {
    const tables: [string, Buffer][] = [
      ['aaaa', Buffer.from('x'.repeat(500))],
      ['bbbb', Buffer.from([1, 2, 3])],
      ['cccc', Buffer.from('incompressible?')],
    ]
    const sfnt = sfntFromWoff(woffWith(tables, 0x4f54544f))
    expect(sfnt.readUInt32BE(0)).toBe(0x4f54544f)
    expect([sfnt.readUInt16BE(4), sfnt.readUInt16BE(6), sfnt.readUInt16BE(8), sfnt.readUInt16BE(10)]).toEqual([
      3, 32, 1, 16,
    ])
    tables.forEach(([tag, bytes], i) => {
      const at = 12 + i * 16
      expect(sfnt.toString('latin1', at, at + 4)).toBe(tag)
      expect(sfnt.readUInt32BE(at + 4)).toBe(checksum(bytes))
      const offset = sfnt.readUInt32BE(at + 8)
      expect(offset % 4, 'tables start on four-byte boundaries').toBe(0)
      expect(sfnt.subarray(offset, offset + sfnt.readUInt32BE(at + 12)).equals(bytes)).toBe(true)
    })
  })

  it.each([
    ['a file that is no WOFF', Buffer.from('OTTO'.padEnd(64, '\0'))],
    ['a directory cut short', woffWith([['aaaa', Buffer.from('abc')]]).subarray(0, 50)],
    ['a table past the end', woffWith([['aaaa', Buffer.from('x'.repeat(500))]]).subarray(0, 70)],
  ])('refuses %s', (_, file) => {
    expect(() => sfntFromWoff(file)).toThrow()
  })

  it.each([KDAM, INTER])('turns %s into a font whose tables match their checksums', (specifier) => {
    const sfnt = sfntFromWoff(woffOf(specifier))
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000)
    const count = sfnt.readUInt16BE(4)
    expect(count).toBeGreaterThan(8)
    for (let i = 0; i < count; i++) {
      const at = 12 + i * 16
      const tag = sfnt.toString('latin1', at, at + 4)
      const table = sfnt.subarray(sfnt.readUInt32BE(at + 8), sfnt.readUInt32BE(at + 8) + sfnt.readUInt32BE(at + 12))
      // head's own checksum is taken with its checkSumAdjustment (at 8) as zero.
      expect(checksum(table, tag === 'head' ? 8 : undefined), tag).toBe(sfnt.readUInt32BE(at + 4))
    }
  })
})

describe('fontMetrics', () => {
  it('reads the advance of each character the font has, and none for those it lacks', () => {
    const kdam = fontMetrics(sfntFromWoff(woffOf(KDAM)))
    const inter = fontMetrics(sfntFromWoff(woffOf(INTER)))
    expect(inter.unitsPerEm).toBeGreaterThan(0)
    for (const font of [kdam, inter]) {
      for (const char of 'Night sky #7') expect(font.advance(char.codePointAt(0) as number), char).toBeGreaterThan(0)
      // Japanese and an emoji: in neither latin subset.
      for (const char of ['夜', '🌌']) expect(font.advance(char.codePointAt(0) as number), char).toBeUndefined()
    }
    // A proportional face: an M is wider than an i.
    expect(inter.advance(0x4d) as number).toBeGreaterThan(inter.advance(0x69) as number)
  })
})
