import { chainellationAbi } from '@chainellation/contracts'
import { useReadContract } from 'wagmi'
import { useGameChain } from '@/lib/game'

/** The address that holds sky `skyId`, read from the game's chain. */
export function useSkyOwner(skyId: bigint) {
  const { chainId, descriptor, deployed } = useGameChain()
  return useReadContract({
    address: descriptor.chainellationAddress,
    abi: chainellationAbi,
    functionName: 'ownerOf',
    args: [skyId],
    chainId,
    query: { enabled: deployed },
  })
}
