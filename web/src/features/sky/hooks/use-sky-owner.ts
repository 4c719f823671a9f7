import { useReadContract } from 'wagmi'
import { useGameChain } from '@/lib/game'

/** The address that holds sky `skyId`, read from the game's chain. */
export function useSkyOwner(skyId: bigint) {
  const { contracts, deployed } = useGameChain()
  return useReadContract({
    ...contracts.Chainellation,
    functionName: 'ownerOf',
    args: [skyId],
    query: { enabled: deployed },
  })
}
