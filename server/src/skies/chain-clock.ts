import type { SignInChain } from '../config'
import { chainGames } from './reader'

/**
 * The chain's clock, in seconds: the time of the block a gaze sent now would be in (the pending block's), by which the
 * contract counts nights; the latest block's where the node keeps no pending block. A local chain that mines only
 * when sent a transaction keeps an old latest block for as long as it is idle, while its pending block keeps time.
 * One read serves a second of asks; where the game is not deployed, the wall clock (`now`) stands in.
 */
export function chainClock(chains: readonly SignInChain[], chainId: number, now: () => Date) {
  const game = chainGames(chains)(chainId)
  let clock: { at: number; time: Promise<number> } | undefined
  const chainTime = () => {
    if (game.kind !== 'game') return Promise.resolve(Math.floor(now().getTime() / 1000))
    if (!clock || Date.now() - clock.at > 1000) {
      const time = game.client
        .getBlock({ blockTag: 'pending' })
        .catch(() => game.client.getBlock())
        .then((block) => Number(block.timestamp))
      time.catch(() => {
        clock = undefined
      })
      clock = { at: Date.now(), time }
    }
    return clock.time
  }
  /** The reading `chainTime()` would answer with at once, undefined once it is older than a second. */
  chainTime.standing = () => (clock && Date.now() - clock.at <= 1000 ? clock.time : undefined)
  return chainTime
}
