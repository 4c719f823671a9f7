import type { QueryKey } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useGameChain } from '@/lib/game'
import { mintedTokenId, useWriteTransaction } from '@/lib/wallet'
import { type Design, mintCall } from '../utils/design'

const describe = (skyId: unknown) => `Mint night sky #${skyId}`

/**
 * Mints `design` for `value` through the shared write path. The record is written with the id the simulation
 * foresees; the minted sky's id comes from the receipt, and the record follows it when another mint landed first.
 */
export function useMint(invalidates: QueryKey[]) {
  const { address: sky, abi } = useGameChain().contracts.Chainellation
  const { state, write, reset, payGas } = useWriteTransaction({
    resumeKey: 'mint',
    invalidates,
    describeMined: (receipt, written) => {
      const skyId = mintedTokenId(receipt, sky)
      return skyId === undefined ? written : describe(skyId)
    },
  })

  const mint = useCallback(
    (design: Design, value: bigint) => write({ address: sky, abi, ...mintCall(design), value }, describe),
    [write, sky, abi],
  )

  const mintedSkyId = state.status === 'success' ? mintedTokenId(state.receipt, sky) : undefined

  return { state, mint, reset, payGas, mintedSkyId }
}
