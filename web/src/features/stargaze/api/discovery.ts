import type { InferResponseType } from 'hono/client'
import { api } from '@/lib/api/client'
import { type GalleryQuery, galleryQueryParams } from '../utils/gallery-query'

/** Cards per page of the index: two pages of images (see CHUNK_SIZE), a first screen or two on any display. */
export const INDEX_PAGE_SIZE = 24

/** How long the browser waits for the API before it reads the chain instead: the API itself gives up on the index at 5 s. */
const DISCOVERY_TIMEOUT_MS = 8000

/** The index's words when it does not answer, for a failure that carries none (the API unreachable, a timeout). */
export const INDEX_SILENT = 'The gallery’s index is not answering; showing the newest skies from the chain.'

/**
 * The index refused the query (a 400 or 404 with its sentence): the player's input is at fault, not the index, so the
 * gallery keeps its place and shows the sentence rather than falling back to the chain.
 */
export class Refusal extends Error {}

/** The index is down or unreachable: the gallery reads the chain instead. */
export class IndexSilent extends Error {}

async function answer<T>(request: Promise<Response>): Promise<T> {
  let response: Response
  try {
    response = await request
  } catch (error) {
    // An abort by TanStack Query (the view changed) is not the index's fault; a timeout is.
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new IndexSilent(INDEX_SILENT)
  }
  const body = (await response.json().catch(() => ({}))) as { error?: unknown }
  if (response.ok) return body as T
  const sentence = typeof body.error === 'string' ? body.error : undefined
  if (response.status === 400 || response.status === 404) throw new Refusal(sentence ?? 'The index refused this view.')
  throw new IndexSilent(INDEX_SILENT)
}

const init = (signal: AbortSignal) => ({
  init: { signal: AbortSignal.any([signal, AbortSignal.timeout(DISCOVERY_TIMEOUT_MS)]) },
})

/** A page of the index's skies, as the API answers it. */
export type SkiesPage = InferResponseType<typeof api.discovery.skies.$get, 200>
/** A sky as the index knows it; its constellation is null until the sky has completed it. */
export type IndexedSky = SkiesPage['skies'][number]
type Sync = InferResponseType<typeof api.discovery.sync.$get, 200>

/** One page of the skies matching `query`, in its order. */
export function fetchSkies(query: GalleryQuery, page: number, signal: AbortSignal) {
  const request = api.discovery.skies.$get(
    { query: { ...galleryQueryParams(query), page: String(page), limit: String(INDEX_PAGE_SIZE) } },
    init(signal),
  )
  return answer<SkiesPage>(request)
}

/** How far the index has come along the chain. */
export function fetchSync(signal: AbortSignal) {
  return answer<Sync>(api.discovery.sync.$get({}, init(signal)))
}
