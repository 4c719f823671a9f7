import { useAddRecentTransaction } from '@rainbow-me/rainbowkit'
import { type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Abi, ContractFunctionArgs, ContractFunctionName, Hash, TransactionReceipt } from 'viem'
import { useAccount, useConfig } from 'wagmi'
import { getAccount, simulateContract, waitForTransactionReceipt, writeContract } from 'wagmi/actions'
import { env } from '@/config/env'
import { errorMessage, isUserRejection } from '../utils/error-message'
import { type SafeProgress, safeAppsSdk, trackSafeTransaction } from '../utils/safe-app'

/** Where a write is: the button's label follows it. */
export type WriteState =
  | { status: 'idle' }
  | { status: 'confirming' }
  /** `hash` is the chain transaction's, or while `safe` is set, the Safe transaction's (not yet on chain). */
  | { status: 'pending'; hash: Hash; safe?: SafeProgress }
  | { status: 'success'; hash: Hash; receipt: TransactionReceipt }
  | { status: 'error'; message: string; hash?: Hash }

type Request<A extends Abi, F extends ContractFunctionName<A, 'nonpayable' | 'payable'>> = {
  address: `0x${string}`
  abi: A
  functionName: F
  args: ContractFunctionArgs<A, 'nonpayable' | 'payable', F>
  value?: bigint
}

type Options = {
  /**
   * Names this kind of write so a pending one survives a reload: its hash is kept in local storage per
   * account and chain, and the hook picks it up again on the next visit.
   */
  resumeKey?: string
  /** Queries the write changes, refreshed once it is mined. */
  invalidates?: QueryKey[]
}

/** A write in flight: a chain transaction, or a Safe transaction (`safe`) that may not be executed yet. */
type Pending = { hash: Hash; safe?: true }

const storageKey = (resumeKey: string, chainId: number, account: string) =>
  `chainellation.pending.${resumeKey}.${chainId}.${account.toLowerCase()}`

function readPending(key: string): Pending | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Pending | null
    return value && /^0x[0-9a-f]{64}$/i.test(value.hash)
      ? { hash: value.hash, safe: value.safe === true || undefined }
      : undefined
  } catch {
    return undefined
  }
}

/**
 * The one path every write in the app takes: simulate (a revert becomes a sentence before the wallet
 * opens) → write → add to recent transactions → wait for the receipt → invalidate what it changed.
 * A user rejection quietly returns to idle. `description` may use the simulated return value
 * (e.g. the id a mint will get).
 *
 * From a Safe (the app running as a Safe App), the write returns a Safe transaction hash: the hook follows
 * it through Safe{Wallet} — "awaiting other owners' signatures" while the threshold is not met — and goes
 * on with the chain transaction once the Safe has executed it.
 */
export function useWriteTransaction({ resumeKey, invalidates = [] }: Options = {}) {
  const config = useConfig()
  const queryClient = useQueryClient()
  const addRecentTransaction = useAddRecentTransaction()
  const { address, chainId } = useAccount()
  const [state, setState] = useState<WriteState>({ status: 'idle' })
  const invalidatesRef = useRef(invalidates)
  invalidatesRef.current = invalidates
  const key = resumeKey && address && chainId ? storageKey(resumeKey, chainId, address) : undefined

  const settle = useCallback(
    async (hash: Hash, viaSafe?: { description?: string }) => {
      try {
        if (viaSafe) {
          const safeTxHash = hash
          setState({ status: 'pending', hash: safeTxHash })
          const sdk = await safeAppsSdk(env.VITE_SAFE_ORIGINS)
          hash = await trackSafeTransaction(sdk, safeTxHash, {
            onProgress: (safe) => setState({ status: 'pending', hash: safeTxHash, safe }),
          })
          if (viaSafe.description) addRecentTransaction({ hash, description: viaSafe.description })
        }
        setState({ status: 'pending', hash })
        const receipt = await waitForTransactionReceipt(config, { hash })
        if (receipt.status !== 'success') throw new Error('The transaction was reverted.')
        await Promise.all(invalidatesRef.current.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
        setState({ status: 'success', hash, receipt })
        return receipt
      } finally {
        if (key) localStorage.removeItem(key)
      }
    },
    [config, queryClient, key, addRecentTransaction],
  )

  // A write left pending by an earlier visit: show it pending again and see it through.
  useEffect(() => {
    const pending = key && readPending(key)
    if (!pending) return
    settle(pending.hash, pending.safe && {}).catch((error: unknown) =>
      setState({ status: 'error', message: errorMessage(error), hash: pending.hash }),
    )
  }, [key, settle])

  const write = useCallback(
    async <const A extends Abi, F extends ContractFunctionName<A, 'nonpayable' | 'payable'>>(
      request: Request<A, F>,
      description: string | ((result: unknown) => string),
    ): Promise<TransactionReceipt | undefined> => {
      let hash: Hash | undefined
      try {
        setState({ status: 'confirming' })
        const { request: simulated, result } = await simulateContract(config, request as never)
        hash = await writeContract(config, simulated as never)
        const viaSafe = getAccount(config).connector?.type === 'safe'
        if (key) localStorage.setItem(key, JSON.stringify({ hash, ...(viaSafe && { safe: true }) } satisfies Pending))
        const text = typeof description === 'function' ? description(result) : description
        // A Safe transaction's hash is not a chain transaction's: it joins the list once executed.
        if (viaSafe) return await settle(hash, { description: text })
        addRecentTransaction({ hash, description: text })
        return await settle(hash)
      } catch (error) {
        setState(isUserRejection(error) ? { status: 'idle' } : { status: 'error', message: errorMessage(error), hash })
        return undefined
      }
    },
    [config, addRecentTransaction, key, settle],
  )

  const reset = useCallback(() => setState({ status: 'idle' }), [])
  return { state, write, reset }
}
