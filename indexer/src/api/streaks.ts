import { publicClients } from 'ponder:api'
import { sky } from 'ponder:schema'
import { and, gt, gte, inArray, or } from 'ponder'
import { streakStands } from '../../lib/night.ts'

/** A condition of a `where`, as drizzle's operators build them. */
export type Condition = NonNullable<ReturnType<typeof and>>

// The chain's clock decides whether it is night over a sky, as the contract's does; one read serves a second of queries.
let clock: { at: number; time: Promise<bigint> } | undefined
export function chainTime(): Promise<bigint> {
  if (!clock || Date.now() - clock.at > 1_000) {
    const time = publicClients.game.getBlock({ blockTag: 'latest' }).then((block) => block.timestamp)
    time.catch(() => {
      clock = undefined
    })
    clock = { at: Date.now(), time }
  }
  return clock.time
}

/**
 * The skies whose streak stands by the chain's clock: a run, last gazed tonight or last night in their own zone
 * (@chainellation/contracts/nights), for "longest streak now" in the gallery and the leaderboard.
 */
export async function standingStreaks(): Promise<Condition> {
  const stands = streakStands(await chainTime()).map(({ zones, fromNight }) =>
    and(inArray(sky.tzOffset, zones), gte(sky.lastGazeNight, fromNight)),
  )
  const run = gt(sky.streakRun, 0)
  return and(run, or(...stands)) ?? run
}
