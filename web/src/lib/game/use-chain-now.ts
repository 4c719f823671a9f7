import { useEffect, useState } from 'react'
import { multicall3Abi } from 'viem'
import { useReadContract } from 'wagmi'
import { appChains } from '@/lib/wallet/chains'
import { useGameChain } from './use-game-chain'

const multicall3 = '0xcA11bde05977b3631167028862bE2a173976CA11'

/**
 * The chain's clock, ticking every second: the latest block's timestamp plus the time since it was read.
 * The game's rules run on block time, which a player's own clock (or a test chain moved forward) may not match.
 */
export function useChainNow({ enabled = true }: { enabled?: boolean } = {}) {
  const { chainId } = useGameChain()
  const chain = appChains.find((c) => c.id === chainId)
  const query = useReadContract({
    address: chain?.contracts?.multicall3?.address ?? multicall3,
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
  return { now: now === undefined ? undefined : Math.floor(now), queryKey: query.queryKey }
}
