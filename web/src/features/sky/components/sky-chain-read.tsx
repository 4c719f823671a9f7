import { useEffect } from 'react'
import { useAccount } from 'wagmi'
import { useGameChain, useSkyMetadata } from '@/lib/game'
import { useName } from '@/lib/names'
import { useSkyOwner } from '../hooks/use-sky-owner'
import { isNonexistentSky, type SkyRead } from '../utils/sky-read'

export type SkyChainReadProps = {
  skyId: bigint
  /** The owner the page shows while the chain is read (the API's read), whose name is looked up meanwhile. */
  shownOwner?: `0x${string}`
  /** Called with every change of what the chain says of the sky. */
  onRead: (read: SkyRead) => void
}

/**
 * The sky page's wallet island: reads the sky from the chain the wallet is on (the app's first chain without one)
 * and hands it to the page, which draws it (see `SkyPage`). Draws nothing itself, so the page keeps its picture as
 * the stack arrives.
 */
export function SkyChainRead({ skyId, shownOwner, onRead }: SkyChainReadProps) {
  const { address } = useAccount()
  const { chainId, deployed } = useGameChain()
  const { data: meta, error, refetch, isRefetching } = useSkyMetadata(skyId)
  const { data: owner } = useSkyOwner(skyId)
  // The name of the owner on screen, asked for only once there is one (docs/decisions/names.md).
  const named = owner ?? shownOwner
  const name = useName(named)
  useEffect(() => {
    onRead({
      skyId,
      chainId,
      deployed,
      missing: isNonexistentSky(error),
      meta,
      owner,
      ownerName: named && name ? { address: named, ...name } : undefined,
      yours: owner !== undefined && owner.toLowerCase() === address?.toLowerCase(),
      failed: error !== null && !meta,
      retry: () => void refetch(),
      retrying: isRefetching,
    })
  }, [onRead, skyId, chainId, deployed, error, meta, owner, named, name, address, refetch, isRefetching])
  return null
}
