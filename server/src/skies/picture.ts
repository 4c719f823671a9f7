const METADATA = 'data:application/json;base64,'
/** The only picture a sky's page is written with: an SVG as a base64 data URL, nothing that could end the attribute. */
const SVG_PICTURE = /^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+={0,2}$/

/**
 * The picture in a sky's `tokenURI` (ERC-721 metadata as base64 JSON), when it is an SVG data URL of base64 characters
 * only; `undefined` otherwise. On-chain art is untrusted: the page shows it as an `<img>`, never as markup.
 */
export function pictureOf(tokenUri: string): string | undefined {
  if (!tokenUri.startsWith(METADATA)) return undefined
  try {
    const metadata = JSON.parse(Buffer.from(tokenUri.slice(METADATA.length), 'base64').toString('utf8')) as unknown
    const image =
      typeof metadata === 'object' && metadata !== null ? (metadata as { image?: unknown }).image : undefined
    return typeof image === 'string' && SVG_PICTURE.test(image) ? image : undefined
  } catch {
    return undefined
  }
}
