import type { InferResponseType } from 'hono/client'
import { api } from '@/lib/api/client'
import { discoveryAnswer } from '@/lib/discovery/discovery-api'
import { type GalleryQuery, galleryQueryParams } from '../utils/gallery-query'

/** Cards per page of the index: two pages of images (see CHUNK_SIZE), a first screen or two on any display. */
export const INDEX_PAGE_SIZE = 24

/** How long the browser waits for the API before it reads the chain instead: the API itself gives up on the index at 5 s. */
const DISCOVERY_TIMEOUT_MS = 8000

/** The index's words when it does not answer, for a failure that carries none (the API unreachable, a timeout). */
export const INDEX_SILENT = 'The gallery’s index is not answering; showing the newest skies from the chain.'

const init = (signal: AbortSignal) => ({
  init: { signal: AbortSignal.any([signal, AbortSignal.timeout(DISCOVERY_TIMEOUT_MS)]) },
})

/** A page of the index's skies, as the API answers it. */
export type SkiesPage = InferResponseType<typeof api.discovery.skies.$get, 200>
/** A sky as the index knows it; its constellation is null until the sky has completed it. */
export type IndexedSky = SkiesPage['skies'][number]
type Sync = InferResponseType<typeof api.discovery.sync.$get, 200>

/** One page of the skies matching `query`, in its order. */
export async function fetchSkies(query: GalleryQuery, page: number, signal: AbortSignal): Promise<SkiesPage> {
  const request = api.discovery.skies.$get(
    { query: { ...galleryQueryParams(query), page: String(page), limit: String(INDEX_PAGE_SIZE) } },
    init(signal),
  )
  return (await discoveryAnswer(request)).json()
}

/** How far the index has come along the chain. */
export async function fetchSync(signal: AbortSignal): Promise<Sync> {
  return (await discoveryAnswer(api.discovery.sync.$get({}, init(signal)))).json()
}
