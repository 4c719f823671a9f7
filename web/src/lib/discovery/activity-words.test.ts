import type { ActivityJson } from '@chainellation/indexer/json'
import { describe, expect, it } from 'vitest'
import { type ActivitySentence, activitySentence } from './activity-words'

const entry = (over: Partial<ActivityJson>): ActivityJson => ({
  id: '1',
  kind: 'mint',
  skyId: 12,
  account: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
  recipient: null,
  starsRevealed: null,
  constellation: null,
  decorationId: null,
  tokenId: null,
  blockNumber: 1,
  txHash: '0x00',
  logIndex: 0,
  timestamp: 0,
  ...over,
})

/** The sentence with its links written as the names the page would show. */
const read = (sentence: ActivitySentence) =>
  sentence
    .map((part) =>
      typeof part === 'string'
        ? part
        : { account: 'stargazer.eth', recipient: 'friend.eth', sky: 'Night sky #12' }[part.slot],
    )
    .join('')

describe('activitySentence', () => {
  it('says who minted which sky', () => {
    expect(read(activitySentence(entry({ kind: 'mint' })))).toBe('stargazer.eth minted Night sky #12')
  })

  it('counts a gaze’s stars against the sky’s total when it is known', () => {
    const gaze = entry({ kind: 'gaze', starsRevealed: 3 })
    expect(read(activitySentence(gaze, 7))).toBe('stargazer.eth gazed at Night sky #12: 3 of 7 stars')
    expect(read(activitySentence(gaze))).toBe('stargazer.eth gazed at Night sky #12: 3 stars revealed')
    expect(read(activitySentence(entry({ kind: 'gaze', starsRevealed: 1 })))).toContain(': 1 star revealed')
  })

  it('names the constellation a sky completed', () => {
    expect(read(activitySentence(entry({ kind: 'completed', starsRevealed: 8, constellation: 1 })))).toBe(
      'Night sky #12’s constellation is complete: Orion, revealed by stargazer.eth',
    )
  })

  it('says whom a sky passed from and to', () => {
    expect(
      read(activitySentence(entry({ kind: 'transfer', recipient: '0x0000000000000000000000000000000000000001' }))),
    ).toBe('Night sky #12 passed from stargazer.eth to friend.eth')
  })

  it('tells new decorations on a sky from a decoration bought', () => {
    expect(read(activitySentence(entry({ kind: 'layers' })))).toBe(
      'stargazer.eth dressed Night sky #12 in new decorations',
    )
    expect(read(activitySentence(entry({ kind: 'decoration', skyId: null, decorationId: 4, tokenId: '9' })))).toBe(
      'stargazer.eth bought a decoration (token #9)',
    )
  })
})
