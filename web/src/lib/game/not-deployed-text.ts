import { appChains } from '@/lib/wallet/chains'
import { useGameChain } from './use-game-chain'

/** The name of the network the game is read from (see `useGameChain`). */
export function useReadChainName(readOn?: number): string {
  const { chainId } = useGameChain(readOn)
  return appChains.find((c) => c.id === chainId)?.name ?? 'this network'
}

/** The sentence for a network the game is not deployed on, for a page that says it inline. */
export function useNotDeployedText(chainId?: number): string {
  return `The game is not deployed on ${useReadChainName(chainId)} yet.`
}
