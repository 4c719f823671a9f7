import { useCallback } from 'react'
import { useReadContracts } from 'wagmi'
import { decodeTokenUri, type SkyMetadata } from './token-uri'
import { useGameChain } from './use-game-chain'

/**
 * The metadata and chain-drawn images of `skyIds` (by id in decimal), in one multicall (one JSON-RPC request, whatever the
 * count: `batchSize: 0` keeps viem from splitting it), fetched only while `enabled`.
 */
export function useSkyImages(skyIds: readonly bigint[], enabled = true) {
  const { contracts, deployed } = useGameChain()
  // Decoding a page of base64 JSON is real work: a stable `select` lets TanStack Query run it once per answer
  // rather than on every render (the cards re-render each second as their countdowns tick). It returns a plain
  // object, not a Map, so structural sharing keeps it stable too.
  const ids = skyIds.join()
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ids` stands for `skyIds`, a new array each render.
  const select = useCallback(
    (results: readonly { status: string; result?: unknown }[]) => {
      const byId: Record<string, SkyMetadata> = {}
      results.forEach((r, i) => {
        const id = skyIds[i]
        if (r.status !== 'success' || id === undefined) return
        try {
          byId[id.toString()] = decodeTokenUri(r.result as string)
        } catch {}
      })
      return byId
    },
    [ids],
  )
  return useReadContracts({
    contracts: skyIds.map((id) => ({ ...contracts.Chainellation, functionName: 'tokenURI', args: [id] }) as const),
    batchSize: 0,
    query: {
      enabled: enabled && deployed && skyIds.length > 0,
      // A sky's image changes when it is gazed at or decorated (those writes refresh it) and at dawn and dusk
      // there: a few minutes' grace spares a request per page on every visit.
      staleTime: 5 * 60_000,
      select,
    },
  })
}
