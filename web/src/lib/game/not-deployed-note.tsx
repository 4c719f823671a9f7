import { useAccount } from 'wagmi'
import { StateNote } from '@/components/state-note'
import { appChains } from '@/lib/wallet/chains'
import { useChainModal } from '@/lib/wallet/kit-bridge'
import { useGameChain } from './use-game-chain'

/** The name of the network the game is read from (see `useGameChain`). */
function useReadChainName(readOn?: number): string {
  const { chainId } = useGameChain(readOn)
  return appChains.find((c) => c.id === chainId)?.name ?? 'this network'
}

/** The sentence for a network the game is not deployed on, for a page that says it inline. */
export function useNotDeployedText(chainId?: number): string {
  return `The game is not deployed on ${useReadChainName(chainId)} yet.`
}

/**
 * What a page that reads the game shows where the game is not deployed on the chain it reads (`useGameChain().deployed`
 * is false): the reads never start there, so without it the page would wait for good. A player with a wallet gets a
 * way to another network.
 */
export function NotDeployedNote({ chainId }: { chainId?: number }) {
  const { isConnected } = useAccount()
  const { openChainModal } = useChainModal()
  const name = useReadChainName(chainId)
  const text = useNotDeployedText(chainId)
  return (
    <StateNote
      title={`Not on ${name} yet`}
      action={isConnected ? { label: 'Switch network', onClick: openChainModal } : undefined}
    >
      {text}
      {isConnected ? ' Switch your wallet to a network it runs on.' : ''}
    </StateNote>
  )
}
