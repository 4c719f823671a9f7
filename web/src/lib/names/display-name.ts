import { shortAddress } from '@/lib/wallet/utils/short-address'

/** Longest name shown whole; a longer one is cut, as RainbowKit cuts the names it shows. */
export const NAME_MAX_LENGTH = 24

/** How an account reads: its ENS name (cut past 24 characters), else its address's first and last four. */
export function displayName(address: string, name?: string | null): string {
  if (!name) return shortAddress(address)
  return name.length > NAME_MAX_LENGTH ? `${name.slice(0, NAME_MAX_LENGTH - 1)}…` : name
}
