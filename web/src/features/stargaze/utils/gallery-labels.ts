import type { GallerySort } from './gallery-query'

/** How each order reads in the gallery's select and over its cards. */
export const SORT_LABELS: Record<GallerySort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  gazes: 'Most gazes',
  stars: 'Most stars revealed',
  recent: 'Recently gazed',
  streak: 'Longest streak now',
}
