import { z } from 'zod/mini'
import { decodeTokenUri, type SkyMetadata } from '@/lib/game/token-uri'

const answer = z.object({
  tokenUri: z.string(),
  owner: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
})

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
  const response = await fetch(`/api/skies/${chainId}/${skyId}`, { signal })
  if (response.status === 404) {
    const body = (await response.json().catch(() => ({}))) as { missing?: boolean }
    if (body.missing) return { status: 'missing' }
  }
  if (!response.ok) throw new Error(`The API answered ${response.status}.`)
  const { tokenUri, owner } = answer.parse(await response.json())
  return { status: 'found', tokenUri, meta: decodeTokenUri(tokenUri), owner: owner as `0x${string}` }
}
