import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { QueryClient } from '@tanstack/react-query'
import { deserialize, serialize } from 'wagmi'
import { hashFn } from 'wagmi/query'

/** Cached and persisted for 24 hours (seed section 9). */
export const cacheTime = 24 * 60 * 60 * 1000

/** Queries never refetch on focus and never retry: the transports already retry the RPC. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: cacheTime, refetchOnWindowFocus: false, retry: 0, queryKeyHashFn: hashFn },
    },
  })
}

/** Persists the cache in local storage, with bigint-safe serialization. */
export const createPersister = (storage: Storage = window.localStorage) =>
  createSyncStoragePersister({ storage, serialize, deserialize, key: 'chainellation.queries' })
