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

/** One page of the skies matching `query`, in its order, as the index answers it now. */
async function askIndex(query: GalleryQuery, page: number, signal: AbortSignal): Promise<SkiesPage> {
  const request = api.discovery.skies.$get(
    { query: { ...galleryQueryParams(query), page: String(page), limit: String(INDEX_PAGE_SIZE) } },
    init(signal),
  )
  return (await discoveryAnswer(request)).json()
}

/** How long an answer of the index stays fresh: the gallery asks again for a view opened again later (its staleTime). */
export const INDEX_FRESH_MS = 10_000

/** How long a first page asked for ahead stays the gallery's to take: as long as any answer of its own stays fresh. */
export const EARLY_ANSWER_MS = INDEX_FRESH_MS

/** First pages asked for as the page started (see {@link askFirstSkiesEarly}), by their view, each taken once. */
const early = new Map<string, { answer: Promise<SkiesPage>; at: number }>()
/** The views whose first page the gallery has asked for itself: asking for one ahead then would be a second request. */
const askedByGallery = new Set<string>()
const viewOf = (query: GalleryQuery) => new URLSearchParams(galleryQueryParams(query)).toString()

/**
 * Asks the index for the first page of `query` now, for the gallery to take when it renders. The gallery's code comes
 * with the wallet stack, a second or so into a first visit, and its first request went only then; the index's answer
 * needs neither (docs/decisions/first-use.md). Nothing is asked for a view the gallery has already asked for.
 */
export function askFirstSkiesEarly(query: GalleryQuery): void {
  const view = viewOf(query)
  if (askedByGallery.has(view) || early.has(view)) return
  const answer = askIndex(query, 1, new AbortController().signal)
  // Taken or not, a failure is the gallery's to report, when it takes it.
  answer.catch(() => {})
  early.set(view, { answer, at: Date.now() })
}

/** One page of the skies matching `query`, in its order: the first one asked for ahead, if it is recent. */
export async function fetchSkies(query: GalleryQuery, page: number, signal: AbortSignal): Promise<SkiesPage> {
  if (page === 1) {
    const view = viewOf(query)
    askedByGallery.add(view)
    const ahead = early.get(view)
    early.delete(view)
    if (ahead && Date.now() - ahead.at < EARLY_ANSWER_MS) return ahead.answer
  }
  return askIndex(query, page, signal)
}

/** How far the index has come along the chain. */
export async function fetchSync(signal: AbortSignal): Promise<Sync> {
  return (await discoveryAnswer(api.discovery.sync.$get({}, init(signal)))).json()
}
