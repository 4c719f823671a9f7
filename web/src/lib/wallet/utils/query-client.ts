import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import {
  type DefaultError,
  type DefaultedQueryObserverOptions,
  QueryClient,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query'
import {
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  ExecutionRevertedError,
  HttpRequestError,
  RpcRequestError,
  TimeoutError,
} from 'viem'
import { deserialize, serialize } from 'wagmi'
import { hashFn } from 'wagmi/query'

/** Cached and persisted for 24 hours (docs/decisions/rpc-faults.md). */
export const cacheTime = 24 * 60 * 60 * 1000

/** How often a read the chain did not answer is made again while a page shows it: the product's 4 s polling interval. */
export const unansweredReadInterval = 4000

/** The JSON-RPC code of a revert (EIP-1474's "execution reverted"). */
const REVERTED = 3

/**
 * Whether a read failed because the chain did not answer: its node was unreachable, too slow, refused the request
 * or failed on it. A revert, or an address without code, is the chain's answer, and reading again would not change
 * it. viem reports a node's internal error (-32603) on a contract read as a revert too, so a revert counts only with
 * its code or its data.
 */
export function isUnanswered(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false
  const answered = (e: unknown) =>
    e instanceof ContractFunctionZeroDataError ||
    e instanceof ExecutionRevertedError ||
    (e instanceof ContractFunctionRevertedError && !!e.raw && e.raw !== '0x') ||
    (e instanceof RpcRequestError && e.code === REVERTED)
  if (error.walk(answered)) return false
  return !!error.walk((e) => e instanceof HttpRequestError || e instanceof RpcRequestError || e instanceof TimeoutError)
}

/** The first failure among a multicall's answers (`useReadContracts`) that is the chain not answering, if any. */
export function unansweredFailure(data: unknown): unknown {
  if (!Array.isArray(data)) return undefined
  return data.find((r) => r?.status === 'failure' && isUnanswered(r.error))?.error
}

const failsWhenUnanswered = new WeakSet<object>()

/**
 * A query client whose chain reads fail when the chain did not answer. A multicall that lets each call fail
 * (`useReadContracts`' default) reports a node's failure as a failure of every call, which would pass for the chain's
 * own answer (a sky "never minted", an image "not drawn") and never be read again: it is the query's error instead.
 */
class ChainQueryClient extends QueryClient {
  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const defaulted = super.defaultQueryOptions(options)
    const { queryFn } = defaulted
    if (typeof queryFn !== 'function' || failsWhenUnanswered.has(queryFn)) return defaulted
    const checked: typeof queryFn = async (context) => {
      const data = await queryFn(context)
      const failure = unansweredFailure(data)
      if (failure) throw failure
      return data
    }
    failsWhenUnanswered.add(checked)
    return { ...defaulted, queryFn: checked }
  }
}

/**
 * Queries never refetch on focus and never retry at once: the transports already retry the RPC (docs/decisions/rpc-faults.md).
 * A read the chain did not answer is made again every few seconds while it is on screen, so a page comes back by
 * itself when the node does.
 */
export function createQueryClient({ retryUnansweredEvery = unansweredReadInterval } = {}): QueryClient {
  return new ChainQueryClient({
    defaultOptions: {
      queries: {
        gcTime: cacheTime,
        refetchOnWindowFocus: false,
        retry: 0,
        refetchInterval: (query) => (isUnanswered(query.state.error) ? retryUnansweredEvery : false),
        queryKeyHashFn: hashFn,
      },
    },
  })
}

/** Persists the cache in local storage, with bigint-safe serialization. */
export const createPersister = (storage: Storage = window.localStorage) =>
  createSyncStoragePersister({ storage, serialize, deserialize, key: 'chainellation.queries' })
