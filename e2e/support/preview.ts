/** The content of each `<meta>` of a page, by its property or name (Open Graph, Twitter cards). */
export const metaOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [m[1], m[2] as string]),
  )

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** A PNG's width and height from its header (IHDR), or undefined when `bytes` is not a PNG. */
export function pngSize(bytes: Buffer): [number, number] | undefined {
  if (PNG_SIGNATURE.some((byte, i) => bytes[i] !== byte)) return undefined
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)]
}
