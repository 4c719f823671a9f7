import type { Address, Hash } from 'viem'
import type { Call } from './write-call'

// What the write machine asks of the game paying a write's gas, kept apart from the relayer's client (sponsor.ts) so
// that the machine brings none of it into the page's wallet code.

/** A refusal of the relayer's, with its sentence for the page (which ends with the way to pay the gas yourself). */
export class RelayRefusal extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
    this.name = 'RelayRefusal'
  }
}

/**
 * The game paying a write's gas (ERC-2771, docs/decisions/sponsored-writes.md): asked before each write whether it
 * covers this one, and then sending it in place of the wallet.
 */
export type Sponsor = {
  /** Whether the game pays the gas of `owner`'s `call`. */
  covers(owner: { address: Address; chainId: number }, call: Call): Promise<boolean>
  /**
   * Has the player sign `call` and the game's relayer send it; resolves with the relayed transaction's hash, or
   * throws the relayer's refusal (`RelayRefusal`, whose sentence the page shows) or the wallet's error.
   */
  send(owner: { address: Address; chainId: number }, call: Call): Promise<Hash>
}
