import { constellations } from '@chainellation/contracts/catalogue'
import type { ActivityJson } from '@chainellation/indexer/json'

/** A place in an entry's sentence for something drawn as a link: who acted, who received, which sky. */
export type ActivitySlot = { slot: 'account' | 'recipient' | 'sky' }

/** An entry's sentence: words, and slots for the links between them. */
export type ActivitySentence = readonly (string | ActivitySlot)[]

const account: ActivitySlot = { slot: 'account' }
const recipient: ActivitySlot = { slot: 'recipient' }
const sky: ActivitySlot = { slot: 'sky' }

/** The name of catalogue constellation `id`, public once a sky has completed it. */
export const constellationName = (id: number | null): string | undefined =>
  constellations.find((c) => c.id === id)?.name

/** How many stars a gaze has revealed: "3 of 7 stars" when the sky's star count is known. */
function stars(revealed: number | null, starCount: number | undefined): string {
  const count = revealed ?? 0
  if (starCount === undefined) return `${count} ${count === 1 ? 'star' : 'stars'} revealed`
  return `${count} of ${starCount} stars`
}

/** What happened, in words: "‹account› gazed at ‹sky›: 3 of 7 stars". `starCount` is the sky's, when known. */
export function activitySentence(entry: ActivityJson, starCount?: number): ActivitySentence {
  switch (entry.kind) {
    case 'mint':
      return [account, ' minted ', sky]
    case 'gaze':
      return [account, ' gazed at ', sky, `: ${stars(entry.starsRevealed, starCount)}`]
    case 'completed': {
      const name = constellationName(entry.constellation)
      return [sky, `’s constellation is complete${name ? `: ${name}` : ''}, revealed by `, account]
    }
    case 'transfer':
      return [sky, ' passed from ', account, ' to ', recipient]
    case 'layers':
      return [account, ' dressed ', sky, ' in new decorations']
    case 'decoration':
      return [account, ` bought a decoration${entry.tokenId ? ` (token #${entry.tokenId})` : ''}`]
  }
}
