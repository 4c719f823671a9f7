import { chainellationAbi } from '@chainellation/contracts'
import { useReadContract } from 'wagmi'
import { decodeTokenUri } from './token-uri'
import { useGameChain } from './use-game-chain'

/** Sky `skyId`'s metadata and image as the chain renders them now (its `tokenURI`). */
export function useSkyMetadata(skyId: bigint | undefined) {
  const { chainId, descriptor, deployed } = useGameChain()
  return useReadContract({
    address: descriptor.chainellationAddress,
    abi: chainellationAbi,
    functionName: 'tokenURI',
    args: skyId === undefined ? undefined : [skyId],
    chainId,
    query: { enabled: deployed && skyId !== undefined, select: decodeTokenUri },
  })
}
