import type { Sky } from '@chainellation/art'
import { useAccount, useReadContract } from 'wagmi'
import { useGameChain } from './use-game-chain'

export type OwnedSky = { id: bigint; sky: Sky }

/** Every sky the connected wallet holds, newest first, with its traits: one `skiesOf` call. */
export function useMySkies() {
  const { address } = useAccount()
  const { contracts, deployed } = useGameChain()
  return useReadContract({
    ...contracts.Chainellation,
    functionName: 'skiesOf',
    args: address && [address],
    query: {
      enabled: deployed && !!address,
      select: ([ids, skies]): OwnedSky[] => ids.map((id, i) => ({ id, sky: skies[i] as Sky })),
    },
  })
}
