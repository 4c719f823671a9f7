const METADATA = 'data:application/json;base64,'
/** The only picture a sky's page is written with: an SVG as a base64 data URL, nothing that could end the attribute. */
const SVG_PICTURE = /^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+={0,2}$/

/** A sky's ERC-721 metadata as far as the server uses it: its picture, and its traits by name. */
export type SkyMetadata = {
  /** The SVG as a base64 data URL (see {@link pictureOf}). */
  picture: string
  /** `attributes` by `trait_type`: the values that are strings or numbers. */
  traits: Record<string, string | number>
}

/**
 * A sky's `tokenURI` (ERC-721 metadata as base64 JSON) decoded, when its picture is an SVG data URL of base64
 * characters only; `undefined` otherwise. On-chain art is untrusted: pages show it as an `<img>`, never as markup.
 */
export function metadataOf(tokenUri: string): SkyMetadata | undefined {
  if (!tokenUri.startsWith(METADATA)) return undefined
  let metadata: unknown
  try {
    metadata = JSON.parse(Buffer.from(tokenUri.slice(METADATA.length), 'base64').toString('utf8'))
  } catch {
    return undefined
  }
  if (typeof metadata !== 'object' || metadata === null) return undefined
  const { image, attributes } = metadata as { image?: unknown; attributes?: unknown }
  if (typeof image !== 'string' || !SVG_PICTURE.test(image)) return undefined
  const traits: Record<string, string | number> = {}
  for (const attribute of Array.isArray(attributes) ? (attributes as unknown[]) : []) {
    const { trait_type: name, value } = (attribute ?? {}) as { trait_type?: unknown; value?: unknown }
    if (typeof name === 'string' && (typeof value === 'string' || typeof value === 'number')) traits[name] = value
  }
  return { picture: image, traits }
}

/** The picture in a sky's `tokenURI` (see {@link metadataOf}). */
export const pictureOf = (tokenUri: string): string | undefined => metadataOf(tokenUri)?.picture

/** The SVG markup of a picture {@link metadataOf} accepted. */
export const svgOf = (picture: string) =>
  Buffer.from(picture.slice(picture.indexOf(',') + 1), 'base64').toString('utf8')
