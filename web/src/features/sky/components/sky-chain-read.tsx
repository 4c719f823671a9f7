import { useEffect } from 'react'
import { useAccount } from 'wagmi'
import { useGameChain, useSkyMetadata } from '@/lib/game'
import { useSkyOwner } from '../hooks/use-sky-owner'
import { isNonexistentSky } from '../utils/sky-read'
import type { SkyRead } from './sky-view'

export type SkyChainReadProps = {
  skyId: bigint
  /** Called with every change of what the chain says of the sky. */
  onRead: (read: SkyRead) => void
}

/**
 * The sky page's wallet island: reads the sky from the chain the wallet is on (the app's first chain without one)
 * and hands it to the page, which draws it (see `SkyPage`). Draws nothing itself, so the page keeps its picture as
 * the stack arrives.
 */
export function SkyChainRead({ skyId, onRead }: SkyChainReadProps) {
  const { address } = useAccount()
  const { chainId, deployed } = useGameChain()
  const { data: meta, error, refetch, isRefetching } = useSkyMetadata(skyId)
  const { data: owner } = useSkyOwner(skyId)
  useEffect(() => {
    onRead({
      skyId,
      chainId,
      deployed,
      missing: isNonexistentSky(error),
      meta,
      owner,
      yours: owner !== undefined && owner.toLowerCase() === address?.toLowerCase(),
      failed: error !== null && !meta,
      retry: () => void refetch(),
      retrying: isRefetching,
    })
  }, [onRead, skyId, chainId, deployed, error, meta, owner, address, refetch, isRefetching])
  return null
}
