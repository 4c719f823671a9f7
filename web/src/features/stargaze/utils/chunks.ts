/** Cards load their images a page at a time: one multicall per page of this many. */
export const CHUNK_SIZE = 12

/**
 * Pages whose images are read as soon as their cards are known, not when the viewport first reports them near: the
 * first 24 cards, a first screen or two on any display, so the reads go out together with no frame in between.
 */
export const EAGER_CHUNKS = 2

/** `items` in consecutive pages of `size`. */
export function chunk<T>(items: readonly T[], size = CHUNK_SIZE): T[][] {
  const pages: T[][] = []
  for (let at = 0; at < items.length; at += size) pages.push(items.slice(at, at + size))
  return pages
}
