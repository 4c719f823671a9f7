import { api } from '@/lib/api/client'
import { decodeTokenUri, type SkyMetadata } from '@/lib/game/token-uri'

/** What the API read of a sky: its `tokenURI` (ERC-721 metadata) and its owner, or that it was never minted. */
export type SharedSky =
  | { status: 'found'; tokenUri: string; meta: SkyMetadata; owner: `0x${string}` }
  | { status: 'missing' }

/**
 * Sky `skyId` on `chainId`, read by the API from the chain (`GET /api/skies/:chainId/:skyId`): a plain request the
 * page makes without the wallet stack, so a shared link shows its sky before the stack has loaded. Throws when the
 * API or the chain did not answer; the metadata is checked like a chain read's (`decodeTokenUri`).
 */
export async function fetchSharedSky(chainId: number, skyId: bigint, signal?: AbortSignal): Promise<SharedSky> {
  const response = await api.skies[':chainId'][':skyId'].$get(
    { param: { chainId: String(chainId), skyId: String(skyId) } },
    { init: { signal } },
  )
  if (response.status === 404) {
    const body = await response.json().catch(() => ({}))
    if ('missing' in body && body.missing) return { status: 'missing' }
  }
  if (!response.ok) throw new Error(`The API answered ${response.status}.`)
  const { tokenUri, owner } = await response.json()
  return { status: 'found', tokenUri, meta: decodeTokenUri(tokenUri), owner }
}
