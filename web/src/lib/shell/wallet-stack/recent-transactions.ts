import { useAddRecentTransaction } from '@rainbow-me/rainbowkit'
import { useCallback, useEffect, useRef } from 'react'
import { useAccount } from 'wagmi'
import type { RecentTransaction } from '@/lib/wallet/kit-bridge'

/** Where RainbowKit keeps its recent transactions: `{ [account]: { [chainId]: [{ hash, description, status }] } }`. */
const RECENT_TRANSACTIONS_KEY = 'rk-transactions'

/** How many of this tab's records it keeps an eye on (RainbowKit lists ten completed ones). */
const WATCHED = 20

type Stored = Record<string, Record<string, { hash?: string; description?: string }[] | undefined> | undefined>

/**
 * The records this tab filed that `stored` (the list as another tab wrote it) names otherwise, for `account` on
 * `chainId`: each is filed again under the words this tab gave it. A record the list no longer holds (cleared) is left
 * alone.
 */
export function recordsToRefile(
  stored: string | null,
  account: string,
  chainId: number,
  filed: ReadonlyMap<string, string>,
): RecentTransaction[] {
  if (!stored || filed.size === 0) return []
  let data: Stored
  try {
    data = JSON.parse(stored) as Stored
  } catch {
    return []
  }
  const list = (data?.[account] ?? data?.[account.toLowerCase()])?.[String(chainId)]
  if (!Array.isArray(list)) return []
  return list.flatMap((record) => {
    const hash = record?.hash
    const description = hash === undefined ? undefined : filed.get(hash.toLowerCase())
    // Under the hash as the list spells it: RainbowKit replaces a record whose hash is the same string.
    return hash && description !== undefined && record.description !== description
      ? [{ hash: hash as `0x${string}`, description }]
      : []
  })
}

/**
 * RainbowKit's `useAddRecentTransaction`, made to hold across tabs. Its list lives in local storage, and each tab reads
 * it, changes it and writes it back whole; another tab's write reaches this one's storage a moment later (Chromium
 * hands local storage between renderer processes asynchronously). A mint followed in two tabs is described again in
 * both once mined (the sky it got), and one tab marking the old record confirmed from a copy read before the other's
 * new words arrived wrote the old words back. This tab files again what it filed whenever another tab's write names it
 * otherwise; the tabs agree on the words, so they settle.
 */
export function useRecentTransactions(): (transaction: RecentTransaction) => void {
  const addRecentTransaction = useAddRecentTransaction()
  const { address, chainId } = useAccount()
  const filed = useRef(new Map<string, string>())
  const add = useCallback(
    (transaction: RecentTransaction) => {
      const map = filed.current
      map.delete(transaction.hash.toLowerCase())
      map.set(transaction.hash.toLowerCase(), transaction.description)
      for (const oldest of map.keys()) {
        if (map.size <= WATCHED) break
        map.delete(oldest)
      }
      addRecentTransaction(transaction)
    },
    [addRecentTransaction],
  )
  useEffect(() => {
    if (!address || !chainId) return
    const onStorage = (event: StorageEvent) => {
      if (event.key !== RECENT_TRANSACTIONS_KEY) return
      for (const record of recordsToRefile(event.newValue, address, chainId, filed.current))
        addRecentTransaction(record)
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [address, chainId, addRecentTransaction])
  return add
}
