import type { ReactNode } from 'react'
import { StateNote } from '@/components/state-note'
import { type GateRead, useGameGate } from '@/lib/game'
import { useChainModal, useConnectModal } from '@/lib/wallet/kit-bridge'
import { NotDeployedNote } from './not-deployed-note'

export type GameGateProps = {
  /** Set when the content needs a connected wallet: what to tell a player without one. */
  wallet?: { title: string; text: string }
  /** The reads the content needs. */
  reads?: readonly GateRead[]
  /** The chain they are made on, when the page reads a given one rather than the wallet's. */
  chainId?: number
  /** What the page is reading, the title while it waits: "Looking for your skies…". */
  loading: string
  /** The sentence under "The chain did not answer": "Your skies will show when it does." */
  silent: string
  /** The content, drawn once every read has answered. */
  children: () => ReactNode
}

/**
 * The one way a game page says what stands before its content: connect, switch network, not deployed here, the
 * chain did not answer, or reading. Each is an answer with a way on, and only reads under way show as waiting, so
 * no page can forget a state or wait for good.
 */
export function GameGate({ wallet, reads = [], chainId, loading, silent, children }: GameGateProps) {
  const state = useGameGate({ needsWallet: !!wallet, reads, chainId })
  const { openConnectModal } = useConnectModal()
  const { openChainModal } = useChainModal()
  switch (state) {
    case 'connect':
      return (
        <StateNote
          title={wallet?.title ?? 'Connect your wallet'}
          action={{ label: 'Connect wallet', onClick: openConnectModal }}
        >
          {wallet?.text}
        </StateNote>
      )
    case 'wrong-chain':
      return (
        <StateNote title="Wrong network" action={{ label: 'Switch network', onClick: openChainModal }}>
          Your wallet is on a network this game does not run on.
        </StateNote>
      )
    case 'not-deployed':
      return <NotDeployedNote chainId={chainId} />
    case 'busy':
      return (
        <StateNote title="The chain is busy">
          Its provider asked the app to slow down; the page asks again every few seconds.
        </StateNote>
      )
    case 'silent':
      return <StateNote title="The chain did not answer">{silent}</StateNote>
    case 'loading':
      return <StateNote title={loading} busy />
    case 'ready':
      return children()
  }
}
