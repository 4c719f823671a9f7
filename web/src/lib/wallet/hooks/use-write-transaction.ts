import { type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Abi, Address, ContractFunctionArgs, ContractFunctionName, Hash, TransactionReceipt } from 'viem'
import { type Config, type ResolvedRegister, useAccount, useConfig } from 'wagmi'
import { getAccount, getClient, simulateContract, writeContract } from 'wagmi/actions'
import { env } from '@/config/env'
import { addRecentTransaction } from '../kit-bridge'
import { errorMessage, isUserRejection, outcomeSentences, walletErrorMessage } from '../utils/error-message'
import { type PendingWrite, pendingKey, readPending, savePending } from '../utils/pending-write'
import { type SafeProgress, safeAppsSdk, trackSafeTransaction } from '../utils/safe-app'
import { watchTransaction } from '../utils/transaction-outcome'

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
  /**
   * The description the mined receipt bears out. A description may name what the simulation foresaw (the id a mint
   * would get); another player's transaction mined first changes that, and the record is put right.
   */
  describeMined?: (receipt: TransactionReceipt, description: string) => string
}

/** The account and chain a write is made for; its state is shown only while the wallet is on them. */
type Owner = { address: Address; chainId: number; key: string }

const ownerOf = (address: Address, chainId: number): Owner => ({
  address,
  chainId,
  key: `${chainId}:${address.toLowerCase()}`,
})

/** Whether the wallet is still on `owner`'s account and chain. */
function isCurrent(config: Config, owner: Owner): boolean {
  const { address, chainId } = getAccount(config)
  return !!address && !!chainId && ownerOf(address, chainId).key === owner.key
}

type AppChainId = ResolvedRegister['config']['chains'][number]['id']

const IDLE: WriteState = { status: 'idle' }

/**
 * The one path every write in the app takes: simulate (a revert becomes a sentence before the wallet
 * opens) → write → add to recent transactions → wait for the outcome → invalidate what it changed.
 * A user rejection quietly returns to idle; a wallet still showing an earlier request (-32002) is named.
 * `description` may use the simulated return value (e.g. the id a mint will get).
 *
 * A write belongs to the account and chain it was made on: when the wallet switches either, the page shows
 * the new account's own state (and `write` resolves at once), while the old write is still followed to its end.
 * The wait ends in bounded time: a transaction mined and reverted, sped up, cancelled or replaced in the wallet,
 * or dropped by the network each end in their own sentence.
 *
 * From a Safe (the app running as a Safe App), the write returns a Safe transaction hash: the hook follows
 * it through Safe{Wallet} — "awaiting other owners' signatures" while the threshold is not met — and goes
 * on with the chain transaction once the Safe has executed it.
 */
export function useWriteTransaction({ resumeKey, invalidates = [], describeMined }: Options = {}) {
  const config = useConfig()
  const queryClient = useQueryClient()
  const { address, chainId } = useAccount()
  const ownerKey = address && chainId ? ownerOf(address, chainId).key : undefined
  const [slots, setSlots] = useState<Record<string, { id: number; state: WriteState }>>({})
  const ids = useRef(0)
  /** Storage keys of pending writes being followed, so a resume does not follow one twice. */
  const following = useRef(new Set<string>())
  /** Ends the `write` promises in flight: called when the wallet moves to another account or chain. */
  const releases = useRef(new Set<() => void>())
  const invalidatesRef = useRef(invalidates)
  invalidatesRef.current = invalidates
  const describeMinedRef = useRef(describeMined)
  describeMinedRef.current = describeMined

  /** Sets `owner`'s state, unless a later write of theirs has taken over. */
  const update = useCallback((owner: Owner, id: number, state: WriteState) => {
    setSlots((slots) => ((slots[owner.key]?.id ?? -1) > id ? slots : { ...slots, [owner.key]: { id, state } }))
  }, [])

  const settle = useCallback(
    async (owner: Owner, id: number, pending: PendingWrite): Promise<TransactionReceipt | undefined> => {
      const set = (state: WriteState) => update(owner, id, state)
      const storage = resumeKey ? pendingKey(resumeKey, owner.chainId, owner.address) : undefined
      if (storage) following.current.add(storage)
      let hash = pending.hash
      try {
        if (pending.safe) {
          const safeTxHash = pending.hash
          set({ status: 'pending', hash: safeTxHash })
          const sdk = await safeAppsSdk(env.VITE_SAFE_ORIGINS)
          hash = await trackSafeTransaction(sdk, safeTxHash, {
            onProgress: (safe) => set({ status: 'pending', hash: safeTxHash, safe }),
          })
          // A Safe transaction's hash is not a chain transaction's: it joins the list once executed.
          if (pending.description && isCurrent(config, owner))
            addRecentTransaction({ hash, description: pending.description })
        }
        set({ status: 'pending', hash })
        // The bare client: watchTransaction imports the viem actions it uses, where a public client would bring
        // every public action (~26 KB gzip) into the page's wallet code.
        const client = getClient(config, { chainId: owner.chainId as AppChainId })
        if (!client) throw new Error('The app does not know the chain this transaction was sent on.')
        const outcome = await watchTransaction(client, {
          hash,
          sent: pending.safe ? undefined : pending.sent,
          onSeen: (sent) => {
            if (storage && !pending.safe) savePending(localStorage, storage, { ...pending, sent })
          },
        })
        if (outcome.kind !== 'dropped') {
          await Promise.all(invalidatesRef.current.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
        }
        switch (outcome.kind) {
          case 'mined': {
            const minedHash = outcome.receipt.transactionHash
            const written = pending.description
            const description = written && (describeMinedRef.current?.(outcome.receipt, written) ?? written)
            // Sped up in the wallet, the replacement is the transaction that did the work; a record naming what
            // did not happen is filed again (by its hash) under the words that did.
            if (description && isCurrent(config, owner) && (outcome.sped || description !== written))
              addRecentTransaction({ hash: minedHash, description })
            set({ status: 'success', hash: minedHash, receipt: outcome.receipt })
            return outcome.receipt
          }
          case 'reverted':
            set({
              status: 'error',
              hash,
              message: [outcomeSentences.reverted, outcome.reason].filter(Boolean).join(' '),
            })
            return undefined
          default:
            set({ status: 'error', hash, message: outcomeSentences[outcome.kind] })
            return undefined
        }
      } catch (error) {
        set({ status: 'error', message: errorMessage(error), hash })
        return undefined
      } finally {
        if (storage) {
          localStorage.removeItem(storage)
          following.current.delete(storage)
        }
      }
    },
    [config, queryClient, resumeKey, update],
  )

  // A write left pending by an earlier visit, or by this account before the wallet switched away: follow it again.
  useEffect(() => {
    if (!resumeKey || !address || !chainId) return
    const owner = ownerOf(address, chainId)
    const storage = pendingKey(resumeKey, chainId, address)
    if (following.current.has(storage)) return
    const pending = readPending(localStorage, storage)
    if (pending) void settle(owner, ++ids.current, pending)
  }, [resumeKey, address, chainId, settle])

  // The wallet moved to another account or chain: whoever awaits a write of the old one stops waiting.
  const shownOwner = useRef(ownerKey)
  useEffect(() => {
    if (shownOwner.current === ownerKey) return
    shownOwner.current = ownerKey
    for (const release of releases.current) release()
    releases.current.clear()
  }, [ownerKey])

  const write = useCallback(
    <const A extends Abi, F extends ContractFunctionName<A, 'nonpayable' | 'payable'>>(
      request: Request<A, F>,
      description: string | ((result: unknown) => string),
    ): Promise<TransactionReceipt | undefined> => {
      const account = getAccount(config)
      if (!account.address || !account.chainId) return Promise.resolve(undefined)
      const owner = ownerOf(account.address, account.chainId)
      const id = ++ids.current
      const set = (state: WriteState) => update(owner, id, state)
      const storage = resumeKey ? pendingKey(resumeKey, owner.chainId, owner.address) : undefined

      const run = async () => {
        let hash: Hash | undefined
        let asked = false
        try {
          set({ status: 'confirming' })
          const { request: simulated, result } = await simulateContract(config, {
            ...request,
            account: owner.address,
            chainId: owner.chainId,
          } as never)
          // The wallet switched while the call was checked: nothing is sent for an account or chain left behind.
          if (!isCurrent(config, owner)) {
            set(IDLE)
            return undefined
          }
          asked = true
          hash = await writeContract(config, { ...(simulated as object), chainId: owner.chainId } as never)
          const viaSafe = getAccount(config).connector?.type === 'safe'
          const text = typeof description === 'function' ? description(result) : description
          const pending: PendingWrite = { hash, description: text, ...(viaSafe && { safe: true as const }) }
          if (storage) savePending(localStorage, storage, pending)
          if (!viaSafe && isCurrent(config, owner)) addRecentTransaction({ hash, description: text })
          return await settle(owner, id, pending)
        } catch (error) {
          // A rejection is not an error; nor is the wallet's answer about a request the player has since left.
          if (isUserRejection(error) || (asked && !isCurrent(config, owner))) set(IDLE)
          else set({ status: 'error', message: asked ? walletErrorMessage(error) : errorMessage(error), hash })
          return undefined
        }
      }

      let release = () => {}
      const released = new Promise<undefined>((resolve) => {
        release = () => resolve(undefined)
      })
      releases.current.add(release)
      return Promise.race([run(), released]).finally(() => releases.current.delete(release))
    },
    [config, resumeKey, settle, update],
  )

  const reset = useCallback(() => {
    if (address && chainId) update(ownerOf(address, chainId), ++ids.current, IDLE)
  }, [address, chainId, update])

  const state = (ownerKey && slots[ownerKey]?.state) || IDLE
  return { state, write, reset }
}
