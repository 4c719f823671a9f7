import type { Sky } from '@chainellation/art'
import { chainellationAbi } from '@chainellation/contracts'
import { useAccount, useReadContract } from 'wagmi'
import { useGameChain } from './use-game-chain'

export type OwnedSky = { id: bigint; sky: Sky }

/** Every sky the connected wallet holds, newest first, with its traits: one `skiesOf` call. */
export function useMySkies() {
  const { address } = useAccount()
  const { chainId, descriptor, deployed } = useGameChain()
  return useReadContract({
    address: descriptor.chainellationAddress,
    abi: chainellationAbi,
    functionName: 'skiesOf',
    args: address && [address],
    chainId,
    query: {
      enabled: deployed && !!address,
      select: ([ids, skies]): OwnedSky[] => ids.map((id, i) => ({ id, sky: skies[i] as Sky })),
    },
  })
}
