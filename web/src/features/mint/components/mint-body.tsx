import { type FormEvent, useCallback } from 'react'
import { useAccount, useBalance } from 'wagmi'
import { useGameChain } from '@/lib/game'
import { SafeProgressNote, useChainModal, useConnectModal } from '@/lib/wallet'
import page from '@/styles/page.module.css'
import { useMint } from '../hooks/use-mint'
import { useMintInfo } from '../hooks/use-mint-info'
import { chosenCount, type Design, type PreviewMode } from '../utils/design'
import { mintStatus } from '../utils/mint-status'
import { MintButton } from './mint-button'
import { MintDesigner } from './mint-designer'
import styles from './mint-page.module.css'
import { MintSuccess } from './mint-success'
import { PriceSummary } from './price-summary'

export type MintBodyProps = {
  design: Design
  mode: PreviewMode
  onDesign: (patch: Partial<Design>) => void
  onMode: (update: (mode: PreviewMode) => PreviewMode) => void
}

/** The designer with supply, price and the mint itself, read from the chain; the minted sky once it is done. */
export function MintBody({ design, mode, onDesign, onMode }: MintBodyProps) {
  const { address, chain, isConnected } = useAccount()
  const { chainId, descriptor, deployed } = useGameChain()
  const { openConnectModal } = useConnectModal()
  const { openChainModal } = useChainModal()
  const infoQuery = useMintInfo()
  const balanceQuery = useBalance({ address, chainId, query: { enabled: isConnected && !!chain } })
  const { state, mint, reset, mintedSkyId } = useMint([infoQuery.queryKey, balanceQuery.queryKey])

  const info = infoQuery.data
  const chosen = chosenCount(design)
  const total = info && info.basePrice + BigInt(chosen) * info.customizationPrice
  const status = mintStatus({
    connected: isConnected,
    supportedChain: !!chain,
    deployed,
    info,
    total,
    balance: balanceQuery.data?.value,
    write: state,
  })

  // A change after a failed mint clears its error.
  const failed = state.status === 'error'
  const change = useCallback(
    (patch: Partial<Design>) => {
      onDesign(patch)
      if (failed) reset()
    },
    [onDesign, failed, reset],
  )
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (status.kind === 'ready' && total !== undefined) void mint(design, total)
  }
  const problem = !deployed
    ? `The game is not deployed on ${chain?.name ?? 'this network'} yet.`
    : infoQuery.error
      ? 'The chain did not answer; supply and price will show when it does.'
      : undefined

  if (mintedSkyId !== undefined) return <MintSuccess skyId={mintedSkyId} onMintAnother={reset} />
  return (
    <MintDesigner
      design={design}
      mode={mode}
      skyId={info ? info.minted + 1n : 1n}
      onDesign={change}
      onMode={onMode}
      onSubmit={onSubmit}
    >
      <PriceSummary info={info} chosen={chosen} currency={descriptor.currency} problem={problem} />
      {!isConnected && <p className={styles.connect}>Connect a wallet to mint; the preview works without one.</p>}
      <MintButton
        status={status}
        total={total}
        currency={descriptor.currency}
        onConnect={openConnectModal}
        onSwitchNetwork={openChainModal}
      />
      <SafeProgressNote state={state} />
      {state.status === 'error' && (
        <p className={page.error} role="alert">
          {state.message}
        </p>
      )}
    </MintDesigner>
  )
}
