import { useReadContract } from 'wagmi'
import { decodeTokenUri } from './token-uri'
import { useGameChain } from './use-game-chain'

/** Sky `skyId`'s metadata and image as the chain renders them now (its `tokenURI`). */
export function useSkyMetadata(skyId: bigint | undefined) {
  const { contracts, deployed } = useGameChain()
  return useReadContract({
    ...contracts.Chainellation,
    functionName: 'tokenURI',
    args: skyId === undefined ? undefined : [skyId],
    query: { enabled: deployed && skyId !== undefined, select: decodeTokenUri },
  })
}
