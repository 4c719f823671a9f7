import { describe, expect, it } from 'vitest'
import { draftWords, skyWords } from './words'

const traits = (gazes: number, revealed: number, constellation?: string) => ({
  'Time zone': 'UTC+01:00',
  Gazes: gazes,
  'Stars revealed': `${revealed}/8`,
  Time: 'Night',
  ...(constellation ? { Constellation: constellation } : {}),
})

describe('skyWords', () => {
  it('says where the sky is, what its gazes revealed and how many it took', () => {
    const words = skyWords('7', traits(3, 3))
    expect(words.title).toBe('Night sky #7')
    expect(words.description).toBe(
      'A night sky over UTC+01:00, drawn and kept on-chain: 3 of 8 stars revealed in 3 gazes.',
    )
    expect(words.card.lines).toEqual(['UTC+01:00 · night there now', '3 of 8 stars revealed', '3 gazes'])
  })

  it('ends the card with the sky’s streak when there is one, and leaves the description as it is', () => {
    const words = skyWords('7', traits(3, 3), 'Streak: 3 nights in a row')
    expect(words.card.lines.at(-1)).toBe('Streak: 3 nights in a row')
    expect(words.description).toBe(skyWords('7', traits(3, 3)).description)
  })

  it('keeps the constellation secret until every star is revealed, and names it then', () => {
    expect(JSON.stringify(skyWords('7', traits(7, 7)))).not.toMatch(/Orion/)
    const whole = skyWords('7', traits(9, 8, 'Orion'))
    expect(whole.description).toBe(
      'A night sky over UTC+01:00, drawn and kept on-chain: all 8 stars of Orion revealed in 9 gazes.',
    )
    expect(whole.card.lines).toContain('Orion, all 8 stars revealed')
  })

  it('reads well for a sky no one has gazed at, and for metadata without traits', () => {
    expect(skyWords('1', traits(0, 0)).description).toBe(
      'A night sky over UTC+01:00, drawn and kept on-chain: no star revealed yet, 8 to find.',
    )
    expect(skyWords('1', traits(0, 0)).card.lines).toEqual([
      'UTC+01:00 · night there now',
      'No star revealed yet, 8 to find',
    ])
    expect(skyWords('1', traits(1, 1)).card.lines).toContain('1 gaze')
    expect(skyWords('1', {}).description).toBe('A night sky, drawn and kept on-chain.')
    expect(skyWords('1', {}).card.lines).toEqual([])
  })
})

describe('draftWords', () => {
  it('is the draft’s name and the sky it dresses', () => {
    const words = draftWords({ name: 'Orion over the bay', skyId: '42' })
    expect(words.title).toBe('Orion over the bay')
    expect(words.description).toBe(
      'A composition for night sky #42, saved as a draft on chainellation and not applied on chain.',
    )
    expect(words.card).toMatchObject({ title: 'Orion over the bay', lines: ['For night sky #42', expect.any(String)] })
    expect(draftWords({ name: 'x', skyId: null }).description).toMatch(/for no sky yet/)
  })
})
