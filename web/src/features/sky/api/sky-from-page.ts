import { z } from 'zod/mini'
import { decodeTokenUri } from '@/lib/game/token-uri'
import type { SharedSky } from './shared-sky'

/** The API's read of a sky as it writes it into the sky's page (server/src/web-pages.ts). */
const written = z.object({
  chainId: z.number(),
  skyId: z.string(),
  tokenUri: z.string(),
  owner: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
})

type FromPage = {
  sky: SharedSky
  picture: string
  /** The same with the picture alone: what the page's HTML shows, for React to take it over as it is. */
  pictureOnly: { sky?: undefined; picture: string }
}

let cache: { key: string; value: FromPage | undefined } | undefined

/**
 * Sky `skyId` on `chainId` as the API wrote it into this page (`<script type="application/json" id="shared-sky">`),
 * checked like a chain read; `undefined` when the page holds no such sky. The same object each time, as React's
 * external stores need.
 */
export function skyFromPage(skyId: bigint, chainId: number): FromPage | undefined {
  const key = `${chainId}/${skyId}`
  if (cache?.key !== key) cache = { key, value: read(skyId, chainId) }
  return cache.value
}

function read(skyId: bigint, chainId: number): FromPage | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById('shared-sky')?.textContent
  if (!text) return undefined
  try {
    const data = written.parse(JSON.parse(text))
    if (data.chainId !== chainId || data.skyId !== String(skyId)) return undefined
    const meta = decodeTokenUri(data.tokenUri)
    const sky: SharedSky = { status: 'found', tokenUri: data.tokenUri, meta, owner: data.owner as `0x${string}` }
    return { sky, picture: meta.image, pictureOnly: { picture: meta.image } }
  } catch {
    return undefined
  }
}
