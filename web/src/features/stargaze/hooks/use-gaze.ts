import type { QueryKey } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useGameChain } from '@/lib/game'
import { useWriteTransaction } from '@/lib/wallet'

/** Gazes at one sky, or at several in one transaction, through the shared write path. */
export function useGaze(invalidates: QueryKey[]) {
  const { address, abi } = useGameChain().contracts.Chainellation
  // Kept across a reload, and seen from a second tab, like a mint.
  const { state, write, reset, payGas } = useWriteTransaction({ resumeKey: 'gaze', invalidates })

  const gaze = useCallback(
    (skyId: bigint) =>
      write({ address, abi, functionName: 'starGaze', args: [skyId] }, `Stargaze at night sky #${skyId}`),
    [write, address, abi],
  )
  const gazeMany = useCallback(
    (skyIds: readonly bigint[]) =>
      write(
        { address, abi, functionName: 'starGazeMany', args: [skyIds] },
        `Stargaze at ${skyIds.length} skies (#${skyIds.join(', #')})`,
      ),
    [write, address, abi],
  )
  return { state, gaze, gazeMany, reset, payGas }
}
