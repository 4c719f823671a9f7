import { z } from '@/config/zod'

const attribute = z.object({ trait_type: z.string(), value: z.union([z.string(), z.number()]) })

const metadata = z.object({
  name: z.string(),
  description: z.string(),
  image: z.string().check(z.startsWith('data:image/svg+xml;base64,')),
  attributes: z.array(attribute),
})

/** A sky's metadata as its `tokenURI` carries it. */
export type SkyMetadata = z.infer<typeof metadata>

const prefix = 'data:application/json;base64,'

/** Decodes a `tokenURI` (base64 JSON); throws on anything else, the image included, which must be an SVG data URL. */
export function decodeTokenUri(uri: string): SkyMetadata {
  if (!uri.startsWith(prefix)) throw new Error('The token URI is not base64 JSON.')
  const bytes = Uint8Array.from(atob(uri.slice(prefix.length)), (c) => c.charCodeAt(0))
  return metadata.parse(JSON.parse(new TextDecoder().decode(bytes)))
}

/** The value of trait `name`, if the metadata has it. */
export const traitOf = (meta: SkyMetadata, name: string) => meta.attributes.find((a) => a.trait_type === name)?.value
