import { decorationTokenAbi } from '@chainellation/contracts'
import { useAccount, useReadContracts } from 'wagmi'
import { useGameChain } from '@/lib/game'
import type { DecorationOption } from '../utils/composition'
import type { TokenInfo } from './use-decorations'

/**
 * The token ids the wallet holds of each decoration token it has a balance of. The tokens are not enumerable, so
 * this asks `ownerOf` for every id minted so far, in one multicall (a few thousand ids at most at this game's supply).
 */
export function useOwnedTokens(options: readonly DecorationOption[], tokens: ReadonlyMap<number, TokenInfo>) {
  const { address } = useAccount()
  const { chainId } = useGameChain()
  const held = options.filter((o) => !o.free && (tokens.get(o.id)?.balance ?? 0n) > 0n)
  const calls = held.flatMap((o) =>
    Array.from({ length: Number(tokens.get(o.id)?.minted ?? 0n) }, (_, i) => ({
      decorationId: o.id,
      call: {
        address: o.address,
        abi: decorationTokenAbi,
        chainId,
        functionName: 'ownerOf',
        args: [BigInt(i + 1)],
      } as const,
    })),
  )
  const owners = useReadContracts({
    contracts: calls.map((c) => c.call),
    batchSize: 0,
    query: { enabled: !!address && calls.length > 0 },
  })
  const owned = new Map<number, bigint[]>()
  owners.data?.forEach((r, i) => {
    const c = calls[i]
    if (!c || r.status !== 'success' || (r.result as string).toLowerCase() !== address?.toLowerCase()) return
    owned.set(c.decorationId, [...(owned.get(c.decorationId) ?? []), c.call.args[0]])
  })
  return { owned, queryKey: owners.queryKey, isPending: calls.length > 0 && owners.isPending }
}
