import { BaseError, ContractFunctionRevertedError } from 'viem'
import type { SkyMetadata } from '@/lib/game/token-uri'
import type { AccountName } from '@/lib/names/name-api'

/**
 * Whether a read failed because the sky was never minted: `TokenDoesNotExist`, the ERC-721 base's error,
 * which the collection raises for a missing sky in every function.
 */
export function isNonexistentSky(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
  return reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName === 'TokenDoesNotExist'
}

/** What the page knows of a sky, from the API at first and from the chain once the wallet stack has read it. */
export type SkyRead = {
  skyId: bigint
  chainId: number
  /** Whether the game is deployed on the chain read. */
  deployed: boolean
  /** The sky was never minted. */
  missing: boolean
  meta?: SkyMetadata
  /** The sky's picture before the rest of its metadata, when the page was served with it. */
  picture?: string
  owner?: `0x${string}`
  /** The owner's ENS name and avatar, for the owner they were looked up for. */
  ownerName?: { address: `0x${string}` } & AccountName
  /** Held by the connected account. */
  yours: boolean
  /** The read failed and there is nothing to show. */
  failed: boolean
  retry?: () => void
  retrying?: boolean
}
