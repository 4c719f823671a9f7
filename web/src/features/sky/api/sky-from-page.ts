import type { SharedSkyJson } from '@chainellation/server'
import { decodeTokenUri } from '@/lib/game/token-uri'
import type { SharedSky } from './shared-sky'

type FromPage = {
  sky: SharedSky
  picture: string
  /** The same with the picture alone: what the page's HTML shows, for React to take it over as it is. */
  pictureOnly: { sky?: undefined; picture: string }
}

let cache: { key: string; value: FromPage | undefined } | undefined

/**
 * Sky `skyId` on `chainId` as the API wrote it into this page (`<script type="application/json" id="shared-sky">`),
 * checked like a chain read; `undefined` when the page holds no such sky. Read and checked once: the same object
 * each time.
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
    const data: SharedSkyJson = JSON.parse(text)
    if (data.chainId !== chainId || data.skyId !== String(skyId)) return undefined
    const meta = decodeTokenUri(data.tokenUri)
    const sky: SharedSky = { status: 'found', tokenUri: data.tokenUri, meta, owner: data.owner }
    return { sky, picture: meta.image, pictureOnly: { picture: meta.image } }
  } catch {
    return undefined
  }
}
