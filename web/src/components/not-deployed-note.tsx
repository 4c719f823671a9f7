import { useAccount } from 'wagmi'
import { StateNote } from '@/components/state-note'
import { useNotDeployedText, useReadChainName } from '@/lib/game'
import { useChainModal } from '@/lib/wallet/kit-bridge'

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
