import { fallback, http, type Transport } from 'viem'
import { sepolia } from 'wagmi/chains'
import { env } from '@/config/env'
import { localChain } from './chains'

/** Sepolia endpoints in order of preference: the configured providers, then the public endpoint. */
export function sepoliaUrls(keys: { alchemy?: string; infura?: string }): (string | undefined)[] {
  return [
    keys.alchemy && `https://eth-sepolia.g.alchemy.com/v2/${keys.alchemy}`,
    keys.infura && `https://sepolia.infura.io/v3/${keys.infura}`,
    undefined, // the chain's public endpoint
  ].filter((url, i, all) => url !== undefined || i === all.length - 1)
}

/** One transport per chain; wagmi falls back to the next Sepolia endpoint when one fails. */
export const transports: Record<number, Transport> = {
  [sepolia.id]: fallback(
    sepoliaUrls({ alchemy: env.VITE_ALCHEMY_API_KEY, infura: env.VITE_INFURA_API_KEY }).map((url) => http(url)),
  ),
  [localChain.id]: http(),
}
