import { constellations } from '@chainellation/contracts/catalogue'

/** Stars of constellation `id` (1-based), as the contract's catalogue counts them: a sky completes at this many gazes. */
export function starCount(id: number): number {
  const entry = constellations[id - 1]
  if (!entry) throw new Error(`constellation ${id} is not in the catalogue`)
  return entry.stars.length
}
