/** A read a page waits for, as TanStack Query (and so wagmi) gives it: failed with `error`, answered with `data`. */
export type GateRead = { error: unknown; data: unknown }

/**
 * What stands between a game page and its content, in the order a player meets it: no wallet (for content that
 * needs one), a wallet on a network the app does not support, a network the game is not deployed on, a chain that
 * did not answer (`busy` when its provider had just asked to slow down), the reads still on their way.
 */
export type GateState = 'connect' | 'wrong-chain' | 'not-deployed' | 'busy' | 'silent' | 'loading' | 'ready'

export type GateInput = {
  /** The content needs a connected wallet (its skies, its writes); without, the page reads for a visitor. */
  needsWallet: boolean
  connected: boolean
  /** The wallet is on one of the app's networks. */
  supportedChain: boolean
  /** The game's contracts exist on the network the page reads. */
  deployed: boolean
  reads: readonly GateRead[]
  /** The chain's provider answered "too many requests" a moment ago. */
  busy?: boolean
}

/**
 * Where a page stands. Every state but `loading` is an answer with a way on; `loading` lasts only while reads are
 * under way, because a read that can never start (no account, no contracts) is caught by an earlier state.
 */
export function gateState({ needsWallet, connected, supportedChain, deployed, reads, busy }: GateInput): GateState {
  if (needsWallet && !connected) return 'connect'
  if (needsWallet && !supportedChain) return 'wrong-chain'
  if (!deployed) return 'not-deployed'
  if (reads.some((read) => read.error)) return busy ? 'busy' : 'silent'
  if (reads.some((read) => read.data === undefined)) return 'loading'
  return 'ready'
}
