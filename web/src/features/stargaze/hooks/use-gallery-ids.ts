import { useReadContract } from 'wagmi'
import { useGameChain } from '@/lib/game'

/** Every minted sky's id, newest first (ids run from 1 to the supply), read from the game's chain. */
export function useGalleryIds() {
  const { contracts, deployed } = useGameChain()
  return useReadContract({
    ...contracts.Chainellation,
    functionName: 'totalSupply',
    query: {
      enabled: deployed,
      select: (supply) => Array.from({ length: Number(supply) }, (_, i) => supply - BigInt(i)),
    },
  })
}
