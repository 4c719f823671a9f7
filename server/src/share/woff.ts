import { inflateSync } from 'node:zlib'

/** "wOFF": the signature of a WOFF 1.0 file (W3C WOFF File Format 1.0, section 3). */
const WOFF_SIGNATURE = 0x774f4646
const WOFF_HEADER_BYTES = 44
const WOFF_ENTRY_BYTES = 20
const SFNT_HEADER_BYTES = 12
const SFNT_RECORD_BYTES = 16

const padded = (n: number) => (n + 3) & ~3

/**
 * The TrueType or OpenType font (sfnt) inside a WOFF 1.0 file, as the format's section 5 rebuilds it: the same
 * flavor and tables, each table inflated where its compressed length is below its original one, in the
 * directory's order (which the format requires to be ascending by tag), each padded to four bytes. The renderer's
 * font loader reads sfnt only, and the font packages on npm ship WOFF.
 */
export function sfntFromWoff(woff: Uint8Array): Buffer {
  const data = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength)
  if (data.length < WOFF_HEADER_BYTES || data.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF 1.0 file')
  const flavor = data.readUInt32BE(4)
  const numTables = data.readUInt16BE(12)
  if (data.length < WOFF_HEADER_BYTES + numTables * WOFF_ENTRY_BYTES)
    throw new Error('a WOFF table directory cut short')

  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = WOFF_HEADER_BYTES + i * WOFF_ENTRY_BYTES
    const tag = data.readUInt32BE(at)
    const offset = data.readUInt32BE(at + 4)
    const compLength = data.readUInt32BE(at + 8)
    const origLength = data.readUInt32BE(at + 12)
    const checksum = data.readUInt32BE(at + 16)
    if (offset + compLength > data.length) throw new Error('a WOFF table past the end of the file')
    const stored = data.subarray(offset, offset + compLength)
    const bytes = compLength < origLength ? inflateSync(stored) : stored
    if (bytes.length !== origLength) throw new Error('a WOFF table of the wrong length')
    return { tag, checksum, bytes }
  })

  // The sfnt header's binary-search fields (OpenType, "Table Directory").
  const entrySelector = Math.floor(Math.log2(Math.max(1, numTables)))
  const searchRange = 2 ** entrySelector * 16
  const size = tables.reduce(
    (sum, t) => sum + padded(t.bytes.length),
    SFNT_HEADER_BYTES + numTables * SFNT_RECORD_BYTES,
  )
  const out = Buffer.alloc(size)
  out.writeUInt32BE(flavor, 0)
  out.writeUInt16BE(numTables, 4)
  out.writeUInt16BE(searchRange, 6)
  out.writeUInt16BE(entrySelector, 8)
  out.writeUInt16BE(numTables * 16 - searchRange, 10)
  let offset = SFNT_HEADER_BYTES + numTables * SFNT_RECORD_BYTES
  tables.forEach((table, i) => {
    const at = SFNT_HEADER_BYTES + i * SFNT_RECORD_BYTES
    out.writeUInt32BE(table.tag, at)
    out.writeUInt32BE(table.checksum, at + 4)
    out.writeUInt32BE(offset, at + 8)
    out.writeUInt32BE(table.bytes.length, at + 12)
    table.bytes.copy(out, offset)
    offset += padded(table.bytes.length)
  })
  return out
}
