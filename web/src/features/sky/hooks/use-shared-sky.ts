import { useEffect, useState } from 'react'
import { appChains } from '@/lib/wallet/chains'
import { fetchSharedSky, type SharedSky } from '../api/shared-sky'

/** The chain a page reads with no wallet connected: the one `useGameChain` falls back to. */
export const sharedSkyChainId: number = appChains[0].id

/**
 * Sky `skyId` as the API reads it, fetched as the page renders, before the wallet stack arrives; `undefined` until
 * it answers and when it could not (the page then waits for its own chain read).
 */
export function useSharedSky(skyId: bigint): SharedSky | undefined {
  const [sky, setSky] = useState<{ skyId: bigint; sky: SharedSky }>()
  useEffect(() => {
    const controller = new AbortController()
    fetchSharedSky(sharedSkyChainId, skyId, controller.signal).then(
      (sky) => setSky({ skyId, sky }),
      () => {},
    )
    return () => controller.abort()
  }, [skyId])
  return sky?.skyId === skyId ? sky.sky : undefined
}
