import { decorationTokenAbi } from '@chainellation/contracts'
import type { QueryKey } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useGameChain } from '@/lib/game'
import { mintedTokenId, useWriteTransaction } from '@/lib/wallet'
import { type Composition, changedChoices, type DecorationOption } from '../utils/composition'

/** Apply: one `setLayers` with only the layers that changed, through the shared write path. */
export function useApply(skyId: bigint, invalidates: QueryKey[]) {
  const { address, abi } = useGameChain().contracts.Decorations
  const { state, write, reset, payGas } = useWriteTransaction({ resumeKey: 'layers', invalidates })
  const apply = useCallback(
    (current: Composition, next: Composition) =>
      write(
        { address, abi, functionName: 'setLayers', args: [skyId, changedChoices(current, next)] },
        `Decorate night sky #${skyId}`,
      ),
    [write, address, abi, skyId],
  )
  return { state, apply, reset, payGas }
}

/**
 * Mints one decoration token at its price, through the shared write path. The record names the token id the
 * simulation foresees, and the one the receipt shows once mined (another buyer may have taken the first).
 */
export function useMintDecoration(invalidates: QueryKey[]) {
  const { state, write, reset } = useWriteTransaction({
    resumeKey: 'decoration',
    invalidates,
    describeMined: (receipt, written) => {
      // The only token the transaction mints (sent from a Safe, the receipt's `to` is the Safe, not the token).
      const tokenId = mintedTokenId(receipt)
      return tokenId === undefined ? written : written.replace(/#\d+$/, `#${tokenId}`)
    },
  })
  const mint = useCallback(
    (option: DecorationOption, price: bigint) =>
      write(
        { address: option.address, abi: decorationTokenAbi, functionName: 'mint', args: [], value: price },
        (tokenId) => `Mint ${option.name} #${tokenId}`,
      ),
    [write],
  )
  return { state, mint, reset }
}
