import { chainellationAbi } from '@chainellation/contracts'
import type { QueryKey } from '@tanstack/react-query'
import { useCallback } from 'react'
import { parseEventLogs, zeroAddress } from 'viem'
import { useGameChain } from '@/lib/game'
import { useWriteTransaction } from '@/lib/wallet'
import { type Design, mintCall } from '../utils/design'

/** Mints `design` for `value` through the shared write path; the minted sky's id comes from the receipt. */
export function useMint(invalidates: QueryKey[]) {
  const { descriptor } = useGameChain()
  const { state, write, reset } = useWriteTransaction({ resumeKey: 'mint', invalidates })

  const mint = useCallback(
    (design: Design, value: bigint) =>
      write(
        { address: descriptor.chainellationAddress, abi: chainellationAbi, ...mintCall(design), value },
        (skyId) => `Mint night sky #${skyId}`,
      ),
    [write, descriptor.chainellationAddress],
  )

  const mintedSkyId =
    state.status === 'success'
      ? parseEventLogs({ abi: chainellationAbi, eventName: 'Transfer', logs: state.receipt.logs }).find(
          (log) => log.args.from === zeroAddress,
        )?.args.id
      : undefined

  return { state, mint, reset, mintedSkyId }
}
