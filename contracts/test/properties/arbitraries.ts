// What the property tests draw from: the players, time zones and constellations a case may use.

import fc from 'fast-check'
import type { Address } from 'viem'
import { constellations } from '../../src/index.ts'
import type { Fixture } from '../fixture.ts'

/** The address of player `index` of the fixture (0 is the collection's owner). */
export function address(f: Fixture, index: number): Address {
  const player = f.players[index]
  if (!player) throw new Error(`no player ${index}`)
  return player.address
}

/** Accounts that play (index 0 is the collection's owner). */
export const playerIndex = fc.integer({ min: 1, max: 5 })
/** Any funded account, the owner included. */
export const anyAccount = fc.integer({ min: 0, max: 7 })
/** Every time zone a sky may have: a whole quarter hour from UTC-12:00 to UTC+14:00. */
export const validTz = fc.integer({ min: -48, max: 56 }).map((quarters) => quarters * 900)
/** Constellations of five stars, so a case can reveal one whole. */
export const FIVE_STAR_CONSTELLATIONS = constellations.filter((c) => c.stars.length === 5).map((c) => c.id)
