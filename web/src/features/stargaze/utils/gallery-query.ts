import { MAX_UTC_OFFSET, MIN_UTC_OFFSET, UTC_OFFSET_STEP } from '@chainellation/art'

/** The gallery's orders, as the index names them. */
export const GALLERY_SORTS = ['newest', 'oldest', 'gazes', 'stars', 'recent', 'streak'] as const
export type GallerySort = (typeof GALLERY_SORTS)[number]

/**
 * What the gallery shows, as its URL says it: an order, the filters set, and a search. A filter left out matches every
 * sky. `owner` and `q` are kept as typed, for the index to judge (its refusal is a sentence the page shows).
 */
export type GalleryQuery = {
  sort: GallerySort
  night?: boolean
  tz?: number
  completed?: boolean
  decorated?: boolean
  owner?: string
  q?: string
}

export const DEFAULT_GALLERY_QUERY: GalleryQuery = { sort: 'newest' }

/**
 * A change of the view, made from the view the URL holds when it is applied. Two choices made in quick succession
 * each keep the other: the page may not have rendered the first when the second is made.
 */
export type GalleryChange = (current: GalleryQuery) => GalleryQuery

const FLAGS = ['night', 'completed', 'decorated'] as const
const TEXTS = ['owner', 'q'] as const

const flagOf = (text: string | null) => (text === 'true' ? true : text === 'false' ? false : undefined)

function tzOf(text: string | null): number | undefined {
  if (text === null || !/^-?[0-9]{1,5}$/.test(text)) return undefined
  const seconds = Number(text)
  const valid = seconds >= MIN_UTC_OFFSET && seconds <= MAX_UTC_OFFSET && seconds % UTC_OFFSET_STEP === 0
  return valid ? seconds : undefined
}

/**
 * The gallery's view from its URL's query. A value the controls could not have written (an unknown order, a flag
 * other than true or false, a time zone off the quarter hours) is left out, so a mistyped link still opens a gallery.
 */
export function parseGalleryQuery(params: URLSearchParams): GalleryQuery {
  const sort = params.get('sort')
  const query: GalleryQuery = {
    sort: GALLERY_SORTS.find((known) => known === sort) ?? DEFAULT_GALLERY_QUERY.sort,
  }
  for (const key of FLAGS) {
    const value = flagOf(params.get(key))
    if (value !== undefined) query[key] = value
  }
  const tz = tzOf(params.get('tz'))
  if (tz !== undefined) query.tz = tz
  for (const key of TEXTS) {
    const value = params.get(key)?.trim()
    if (value) query[key] = value
  }
  return query
}

/**
 * The index's query for `query` (every value a string, the default order left out), as the gallery's URL carries it
 * too: the URL adds `view=everyone` before these.
 */
export function galleryQueryParams(query: GalleryQuery): Record<string, string> {
  const params: Record<string, string> = {}
  if (query.sort !== DEFAULT_GALLERY_QUERY.sort) params.sort = query.sort
  for (const key of FLAGS) {
    const value = query[key]
    if (value !== undefined) params[key] = String(value)
  }
  if (query.tz !== undefined) params.tz = String(query.tz)
  for (const key of TEXTS) {
    const value = query[key]?.trim()
    if (value) params[key] = value
  }
  return params
}

/** The gallery's URL query for `query`. */
export function gallerySearch(query: GalleryQuery): URLSearchParams {
  return new URLSearchParams({ view: 'everyone', ...galleryQueryParams(query) })
}

/** Whether anything but the order narrows the gallery: an empty page then says how to widen it. */
export function isNarrowed(query: GalleryQuery): boolean {
  return Object.keys(galleryQueryParams({ ...query, sort: DEFAULT_GALLERY_QUERY.sort })).length > 0
}
