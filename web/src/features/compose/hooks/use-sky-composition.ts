import type { Sky } from '@chainellation/art'
import { useReadContracts } from 'wagmi'
import { useGameChain } from '@/lib/game'
import type { Composition } from '../utils/composition'

/**
 * Sky `skyId`'s traits, owner and current decorations, in one multicall; `exists` is false for a sky not minted.
 * Read on `chainId` when given (a shared draft's chain), else where `useGameChain` reads.
 */
export function useSkyComposition(skyId: bigint, chainId?: number) {
  const { contracts, deployed } = useGameChain(chainId)
  const sky = contracts.Chainellation
  return useReadContracts({
    contracts: [
      { ...sky, functionName: 'skyOf', args: [skyId] },
      { ...sky, functionName: 'ownerOf', args: [skyId] },
      { ...contracts.Decorations, functionName: 'layersOf', args: [skyId] },
    ],
    query: {
      enabled: deployed,
      select: ([traits, owner, layers]) => {
        if (traits.status !== 'success' || owner.status !== 'success') return { exists: false as const }
        if (layers.status !== 'success') throw layers.error
        const composition = layers.result.map((c) => ({
          decorationId: c.decorationId,
          tokenId: c.tokenId,
        })) as unknown as Composition
        return { exists: true as const, sky: traits.result as Sky, owner: owner.result, composition }
      },
    },
  })
}
