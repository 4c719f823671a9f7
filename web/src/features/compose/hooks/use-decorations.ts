import { decorationTokenAbi } from '@chainellation/contracts'
import { useMemo } from 'react'
import { useAccount, useReadContract, useReadContracts } from 'wagmi'
import { useGameChain } from '@/lib/game'
import type { DecorationOption } from '../utils/composition'

/** A decoration token's shop window and what the connected wallet holds of it. */
export type TokenInfo = { price: bigint; minted: bigint; maxSupply: bigint; balance: bigint }

/**
 * Every registered decoration with its art, and for decoration tokens their price, supply and the wallet's
 * balance: the registry's list, then one multicall for the rest.
 */
export function useDecorations(readOn?: number) {
  const { address } = useAccount()
  const { chainId, contracts, deployed } = useGameChain(readOn)
  const list = useReadContract({
    ...contracts.Decorations,
    functionName: 'allDecorations',
    query: { enabled: deployed },
  })
  const entries = useMemo(() => list.data ?? [], [list.data])
  const details = useReadContracts({
    contracts: entries.flatMap((d) => {
      const token = { address: d.decoration, abi: decorationTokenAbi, chainId } as const
      return [
        { ...token, functionName: 'decorationSVG', args: [0n] },
        ...(d.free
          ? []
          : [
              { ...token, functionName: 'price' },
              { ...token, functionName: 'totalSupply' },
              { ...token, functionName: 'maxSupply' },
              { ...token, functionName: 'balanceOf', args: [address ?? '0x0000000000000000000000000000000000000000'] },
            ]),
      ] as const
    }),
    batchSize: 0,
    query: { enabled: entries.length > 0 },
  })
  // Built once per answer: the page re-renders every second (its clock ticks), and the preview is redrawn only
  // when what it draws changes.
  const { options, tokens } = useMemo(() => {
    const options: DecorationOption[] = []
    const tokens = new Map<number, TokenInfo>()
    if (details.data) {
      let at = 0
      for (const d of entries) {
        const art = details.data[at++]
        const id = Number(d.id)
        options.push({
          id,
          address: d.decoration,
          layer: d.layer,
          free: d.free,
          name: d.name || `Decoration #${id}`,
          art: art?.status === 'success' ? (art.result as string) : '',
        })
        if (d.free) continue
        const [price, minted, maxSupply, balance] = details.data.slice(at, at + 4).map((r) => r.result as bigint)
        at += 4
        tokens.set(id, {
          price: price ?? 0n,
          minted: minted ?? 0n,
          maxSupply: maxSupply ?? 0n,
          balance: address ? (balance ?? 0n) : 0n,
        })
      }
    }
    return { options, tokens }
  }, [entries, details.data, address])
  const isPending = list.isPending || (entries.length > 0 && details.isPending)
  return {
    options,
    tokens,
    /** The options once read, as a gate read (`GameGate`) takes an answer. */
    data: isPending ? undefined : options,
    isPending,
    error: list.error ?? details.error,
    queryKeys: [list.queryKey, details.queryKey],
  }
}
