import { useAddRecentTransaction } from '@rainbow-me/rainbowkit'
import { type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import type { Abi, ContractFunctionArgs, ContractFunctionName, Hash } from 'viem'
import { useConfig } from 'wagmi'
import { simulateContract, waitForTransactionReceipt, writeContract } from 'wagmi/actions'
import { errorMessage, isUserRejection } from '../utils/error-message'

/** Where a write is: the button's label follows it. */
export type WriteState =
  | { status: 'idle' }
  | { status: 'confirming' }
  | { status: 'pending'; hash: Hash }
  | { status: 'success'; hash: Hash }
  | { status: 'error'; message: string; hash?: Hash }

type Request<A extends Abi, F extends ContractFunctionName<A, 'nonpayable' | 'payable'>> = {
  address: `0x${string}`
  abi: A
  functionName: F
  args: ContractFunctionArgs<A, 'nonpayable' | 'payable', F>
  value?: bigint
}

/**
 * The one path every write in the app takes: simulate (a revert becomes a sentence before the wallet
 * opens) → write → add to recent transactions → wait for the receipt → invalidate what it changed.
 * A user rejection quietly returns to idle.
 */
export function useWriteTransaction() {
  const config = useConfig()
  const queryClient = useQueryClient()
  const addRecentTransaction = useAddRecentTransaction()
  const [state, setState] = useState<WriteState>({ status: 'idle' })

  const write = useCallback(
    async <const A extends Abi, F extends ContractFunctionName<A, 'nonpayable' | 'payable'>>(
      request: Request<A, F>,
      description: string,
      invalidates: QueryKey[] = [],
    ): Promise<Hash | undefined> => {
      let hash: Hash | undefined
      try {
        setState({ status: 'confirming' })
        const { request: simulated } = await simulateContract(config, request as never)
        hash = await writeContract(config, simulated as never)
        addRecentTransaction({ hash, description })
        setState({ status: 'pending', hash })
        const receipt = await waitForTransactionReceipt(config, { hash })
        if (receipt.status !== 'success') throw new Error('The transaction was reverted.')
        await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
        setState({ status: 'success', hash })
        return hash
      } catch (error) {
        setState(isUserRejection(error) ? { status: 'idle' } : { status: 'error', message: errorMessage(error), hash })
        return undefined
      }
    },
    [config, queryClient, addRecentTransaction],
  )

  const reset = useCallback(() => setState({ status: 'idle' }), [])
  return { state, write, reset }
}
