// The pure module, not the index: the mint button is in the page's own chunk, which carries no wallet code.
import { gateState } from '@/lib/game/gate-state'
import type { WriteState } from '@/lib/wallet'
import type { MintInfo } from '../hooks/use-mint-info'

/** What the mint button offers, most pressing first. */
export type MintStatus =
  | { kind: 'connect' }
  | { kind: 'wrong-network' }
  | { kind: 'not-deployed' }
  | { kind: 'loading' }
  | { kind: 'sold-out' }
  | { kind: 'insufficient-funds' }
  | { kind: 'ready' }
  | { kind: 'confirming' }
  | { kind: 'minting' }
  /** Sent from a Safe: waiting for its other owners or its execution. */
  | { kind: 'awaiting-safe' }
  | { kind: 'minted' }

export type MintStatusInput = {
  connected: boolean
  /** The wallet is on a chain the app supports. */
  supportedChain: boolean
  deployed: boolean
  info: MintInfo | undefined
  total: bigint | undefined
  balance: bigint | undefined
  write: WriteState
}

/** The mint button's state from the wallet, the contract's supply and prices, and the write in flight. */
export function mintStatus({
  connected,
  supportedChain,
  deployed,
  info,
  total,
  balance,
  write,
}: MintStatusInput): MintStatus {
  if (write.status === 'confirming') return { kind: 'confirming' }
  if (write.status === 'pending') return write.safe ? { kind: 'awaiting-safe' } : { kind: 'minting' }
  if (write.status === 'success') return { kind: 'minted' }
  // The wallet and the network in the order every game page takes them (`gateState`).
  const gate = gateState({ needsWallet: true, connected, supportedChain, deployed, reads: [] })
  if (gate === 'connect') return { kind: 'connect' }
  if (gate === 'wrong-chain') return { kind: 'wrong-network' }
  if (gate === 'not-deployed') return { kind: 'not-deployed' }
  if (!info || total === undefined) return { kind: 'loading' }
  if (info.minted >= info.maxSupply) return { kind: 'sold-out' }
  if (balance !== undefined && balance < total) return { kind: 'insufficient-funds' }
  return { kind: 'ready' }
}
