import { useReadContracts } from 'wagmi'
import { useGameChain } from '@/lib/game'

/** Supply and prices of the game, read in one multicall from the game's chain. */
export function useMintInfo() {
  const { contracts, deployed } = useGameChain()
  const contract = contracts.Chainellation
  return useReadContracts({
    contracts: [
      { ...contract, functionName: 'totalSupply' },
      { ...contract, functionName: 'maxSupply' },
      { ...contract, functionName: 'basePrice' },
      { ...contract, functionName: 'customizationPrice' },
    ],
    allowFailure: false,
    query: {
      enabled: deployed,
      select: ([minted, maxSupply, basePrice, customizationPrice]) => ({
        minted,
        maxSupply,
        basePrice,
        customizationPrice,
      }),
    },
  })
}

export type MintInfo = NonNullable<ReturnType<typeof useMintInfo>['data']>
