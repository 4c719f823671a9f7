import { MULTICALL3_ADDRESS } from '@chainellation/contracts'
import { useEffect, useState } from 'react'
import { multicall3Abi } from 'viem'
import { useReadContract } from 'wagmi'
import { useGameChain } from './use-game-chain'

/**
 * The chain's clock, ticking every second: the latest block's timestamp plus the time since it was read.
 * The game's rules run on block time, which a player's own clock (or a test chain moved forward) may not match.
 */
export function useChainNow({ enabled = true, chainId: wanted }: { enabled?: boolean; chainId?: number } = {}) {
  const { chainId } = useGameChain(wanted)
  const query = useReadContract({
    address: MULTICALL3_ADDRESS,
    abi: multicall3Abi,
    functionName: 'getCurrentBlockTimestamp',
    chainId,
    // Read beside the list it serves, so viem batches both into one multicall.
    query: { enabled },
  })
  const [tick, setTick] = useState(() => Date.now())
  useEffect(() => {
    const id = setInterval(() => setTick(Date.now()), 1000)
    return () => clearInterval(id)
  }, [])
  const now =
    query.data === undefined ? undefined : Number(query.data) + Math.max(0, (tick - query.dataUpdatedAt) / 1000)
  return { now: now === undefined ? undefined : Math.floor(now), error: query.error, queryKey: query.queryKey }
}
