import { useSyncExternalStore } from 'react'
import { useAccount } from 'wagmi'
import { chainBusy } from '@/lib/wallet/utils/chain-busy'
import { type GateRead, type GateState, gateState } from './gate-state'
import { useGameChain } from './use-game-chain'

/** Where a page stands between the wallet, the network and its reads (see `gateState`). */
export function useGameGate({
  needsWallet,
  reads,
  chainId,
}: {
  needsWallet: boolean
  reads: readonly GateRead[]
  /** The chain the reads are made on, when the page reads a given one (see `useGameChain`). */
  chainId?: number
}): GateState {
  const { isConnected, chain } = useAccount()
  const { deployed, chainId: readChain } = useGameChain(chainId)
  const busy = useSyncExternalStore(chainBusy.subscribe, () => chainBusy.isBusy(readChain))
  return gateState({ needsWallet, connected: isConnected, supportedChain: !!chain, deployed, reads, busy })
}
