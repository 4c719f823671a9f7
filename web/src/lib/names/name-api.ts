import type { Address } from 'viem'
import { api, refusal } from '@/lib/api/client'

/** An account's ENS identity as the API resolves it on Ethereum mainnet (docs/decisions/names.md). */
export type AccountName = { name: string | null; avatar: string | null }

/**
 * The primary ENS name (ENSIP-19 reverse resolution, checked forward) and avatar (ENSIP-12) of `address`, from the
 * app's own API: the browser asks no other host for a name. `null`s when the account has none.
 */
export async function fetchName(address: Address, signal?: AbortSignal): Promise<AccountName> {
  const response = await api.names[':address'].$get({ param: { address } }, { init: { signal } })
  if (!response.ok) throw await refusal(response, 'The name service did not answer.')
  const { name, avatar } = await response.json()
  return { name, avatar }
}
