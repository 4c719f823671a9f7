/** Cards load their images a page at a time: one multicall per page of this many. */
export const CHUNK_SIZE = 12

/** `items` in consecutive pages of `size`. */
export function chunk<T>(items: readonly T[], size = CHUNK_SIZE): T[][] {
  const pages: T[][] = []
  for (let at = 0; at < items.length; at += size) pages.push(items.slice(at, at + size))
  return pages
}
