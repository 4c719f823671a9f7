import { startTransition, useEffect, useState } from 'react'
import { usePageTemplate } from '@/components/page-template'
import { appChains } from '@/lib/wallet/chains'
import { fetchSharedSky, type SharedSky } from '../api/shared-sky'
import { skyFromPage } from '../api/sky-from-page'

/** The chain a page reads with no wallet connected: the one `useGameChain` falls back to. */
export const sharedSkyChainId: number = appChains[0].id

/** What the page knows of a sky before its wallet island has read it. */
export type SharedSkyState = {
  /** The API's read: from the page's HTML when the API wrote it in, else from a request the page makes. */
  sky?: SharedSky
  /** The sky's picture, known before the rest when the API wrote it into the page. */
  picture?: string
}

/**
 * Sky `skyId` as the API reads it, before the wallet stack arrives. The API writes its read into the page it serves
 * (server/src/web-pages.ts): the page then hydrates with the picture alone, as its HTML has it, and takes the rest
 * a render later. Otherwise it is fetched as the page renders; nothing when the API could not answer (the page then
 * waits for its own chain read).
 */
export function useSharedSky(skyId: bigint): SharedSkyState {
  const template = usePageTemplate().skyPicture
  // The rest of the API's read a render after the first, as a transition, which React renders in short tasks. As an
  // external store's browser value it came at once after hydration, in one blocking task that rendered the whole page
  // again and hydrated its lazy parts on the way (docs/decisions/first-use.md).
  const [mounted, setMounted] = useState(false)
  useEffect(() => startTransition(() => setMounted(true)), [])
  const written = skyFromPage(skyId, sharedSkyChainId)
  const fromPage: { sky?: SharedSky; picture: string } | undefined = mounted ? written : written?.pictureOnly
  const [fetched, setFetched] = useState<{ skyId: bigint; sky: SharedSky }>()
  const inPage = fromPage !== undefined
  useEffect(() => {
    if (inPage) return
    const controller = new AbortController()
    fetchSharedSky(sharedSkyChainId, skyId, controller.signal).then(
      (sky) => setFetched({ skyId, sky }),
      () => {},
    )
    return () => controller.abort()
  }, [skyId, inPage])
  return {
    sky: fromPage?.sky ?? (fetched?.skyId === skyId ? fetched.sky : undefined),
    picture: fromPage?.picture ?? template,
  }
}
