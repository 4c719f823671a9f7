import { decorationTokenAbi } from '@chainellation/contracts'
import type { QueryKey } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useGameChain } from '@/lib/game'
import { mintedTokenId, useWriteTransaction } from '@/lib/wallet'
import { type Composition, changedChoices, type DecorationOption } from '../utils/composition'

/**
 * Apply: one `setLayers` with only the layers that changed, through the shared write path; or, where the wallet sends
 * batches atomically, that and the night's gaze as one (EIP-5792).
 */
export function useApply(skyId: bigint, invalidates: QueryKey[]) {
  const { Decorations, Chainellation } = useGameChain().contracts
  const { state, write, writeBatch, reset, payGas } = useWriteTransaction({ resumeKey: 'layers', invalidates })
  const setLayers = useCallback(
    (current: Composition, next: Composition) =>
      ({
        address: Decorations.address,
        abi: Decorations.abi,
        functionName: 'setLayers',
        args: [skyId, changedChoices(current, next)],
      }) as const,
    [Decorations, skyId],
  )
  const apply = useCallback(
    (current: Composition, next: Composition) => write(setLayers(current, next), `Decorate night sky #${skyId}`),
    [write, setLayers, skyId],
  )
  const applyAndGaze = useCallback(
    (current: Composition, next: Composition) =>
      writeBatch(
        [
          setLayers(current, next),
          { address: Chainellation.address, abi: Chainellation.abi, functionName: 'starGaze', args: [skyId] },
        ],
        `Decorate and stargaze at night sky #${skyId}`,
      ),
    [writeBatch, setLayers, Chainellation, skyId],
  )
  return { state, apply, applyAndGaze, reset, payGas }
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
