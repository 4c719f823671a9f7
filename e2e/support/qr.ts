import { inflateSync } from 'node:zlib'
import type { Locator } from '@playwright/test'
import decodeQR from 'qr/decode.js'

/**
 * What a phone's camera reads from a QR code the page shows: the code's pixels as Chromium drew them (a screenshot of
 * the element, the wallet's logo over its middle included), decoded by a QR reader; a white border stands in for the
 * quiet zone a camera sees around a code on a screen. The pixels are read from the screenshot here rather than by the
 * page's canvas: handing the page's 600,000 bytes back to the test as an array took Playwright's serializer 3.6–8 s of
 * CPU, the whole of a test's budget on a starved machine.
 */
export async function readQrCode(code: Locator): Promise<string> {
  const { width, height, pixels } = pngPixels(await code.screenshot())
  const border = 24
  const framed = { width: width + 2 * border, height: height + 2 * border }
  const data = new Uint8Array(framed.width * framed.height * 4).fill(255)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 4
      const to = ((y + border) * framed.width + border + x) * 4
      // Over white, as the screen behind a code drawn with any transparency shows it.
      const alpha = (pixels[from + 3] ?? 255) / 255
      for (let c = 0; c < 3; c++) data[to + c] = Math.round((pixels[from + c] ?? 0) * alpha + 255 * (1 - alpha))
    }
  return decodeQR({ ...framed, data })
}

/** The pixels (RGBA) of a PNG as Chromium writes screenshots: 8 bits a channel, RGB or RGBA, not interlaced. */
export function pngPixels(png: Buffer): { width: number; height: number; pixels: Uint8Array } {
  let width = 0
  let height = 0
  let channels = 0
  const compressed: Buffer[] = []
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at)
    const type = png.toString('latin1', at + 4, at + 8)
    const body = png.subarray(at + 8, at + 8 + length)
    if (type === 'IHDR') {
      width = body.readUInt32BE(0)
      height = body.readUInt32BE(4)
      const [depth, colour, , , interlace] = body.subarray(8, 13)
      channels = colour === 2 ? 3 : colour === 6 ? 4 : 0
      if (depth !== 8 || !channels || interlace !== 0)
        throw new Error(`a PNG of depth ${depth}, colour type ${colour}, interlace ${interlace}: not a screenshot's`)
    }
    if (type === 'IDAT') compressed.push(body)
    at += 12 + length
  }
  const raw = inflateSync(Buffer.concat(compressed))
  const stride = width * channels
  const pixels = new Uint8Array(width * height * 4)
  let previous = new Uint8Array(stride)
  let line = new Uint8Array(stride)
  for (let y = 0; y < height; y++) {
    const start = y * (stride + 1)
    const filter = raw[start]
    for (let x = 0; x < stride; x++) {
      // The PNG filters: each byte is stored as its difference from its left (a), upper (b) or upper-left (c) one.
      const a = x >= channels ? (line[x - channels] ?? 0) : 0
      const b = previous[x] ?? 0
      const c = x >= channels ? (previous[x - channels] ?? 0) : 0
      const p = a + b - c
      const predicted =
        filter === 1
          ? a
          : filter === 2
            ? b
            : filter === 3
              ? (a + b) >> 1
              : filter === 4
                ? Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
                  ? a
                  : Math.abs(p - b) <= Math.abs(p - c)
                    ? b
                    : c
                : 0
      line[x] = ((raw[start + 1 + x] ?? 0) + predicted) & 0xff
    }
    for (let x = 0; x < width; x++) {
      const to = (y * width + x) * 4
      pixels.set(line.subarray(x * channels, x * channels + 3), to)
      pixels[to + 3] = channels === 4 ? (line[x * channels + 3] ?? 255) : 255
    }
    ;[previous, line] = [line, previous]
  }
  return { width, height, pixels }
}
