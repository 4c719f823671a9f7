import { type RefObject, useEffect } from 'react'
import type { Hash } from 'viem'
import { useAccount, useBalance } from 'wagmi'
import { FundsNote } from '@/components/funds-note'
import { GasNote, SafeProgressNote, WriteErrorNote } from '@/components/write-notes'
import { useGameChain, useGameGate, useNotDeployedText } from '@/lib/game'
import { useChainModal, useConnectModal, useGasSponsorship } from '@/lib/wallet'
import { useMint } from '../hooks/use-mint'
import { useMintInfo } from '../hooks/use-mint-info'
import type { Design } from '../utils/design'
import { mintStatus } from '../utils/mint-status'
import { MintButton } from './mint-button'
import styles from './mint-page.module.css'
import { PriceSummary } from './price-summary'

export type MintActionsProps = {
  /** How many traits the design chooses: each adds the customization price. */
  chosen: number
  /** The design as it stands, read when the form is submitted: moving a slider re-renders none of this. */
  design: RefObject<Design>
  /** Set to what submitting the page's form does: mint `design`, when it can be minted. */
  submitRef: RefObject<(() => void) | undefined>
  /** Set to what a change to the design does: clear a failed mint's error, or nothing. */
  clearErrorRef: RefObject<(() => void) | undefined>
  /** Told the id the next mint will get, for the preview. */
  onNextSky: (skyId: bigint) => void
  /** Told the id of the sky this mint got, once it is mined. */
  onMinted: (minted: Minted) => void
}

/** A sky just minted, and the transaction that minted it. */
export type Minted = { skyId: bigint; chainId: number; hash: Hash }

/** Supply, price and the mint itself, read from the chain and the wallet: the end of the mint page's form. */
export function MintActions({ chosen, design, submitRef, clearErrorRef, onNextSky, onMinted }: MintActionsProps) {
  const { address, chain, isConnected } = useAccount()
  const { chainId, descriptor, deployed } = useGameChain()
  const { openConnectModal } = useConnectModal()
  const { openChainModal } = useChainModal()
  const infoQuery = useMintInfo()
  const sponsorship = useGasSponsorship()
  const balanceQuery = useBalance({ address, chainId, query: { enabled: isConnected && !!chain } })
  const { state, mint, reset, payGas, mintedSkyId } = useMint([infoQuery.queryKey, balanceQuery.queryKey])

  const info = infoQuery.data
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

  submitRef.current = () => {
    if (status.kind === 'ready' && total !== undefined) void mint(design.current, total)
  }
  const nextSkyId = info ? info.minted + 1n : undefined
  useEffect(() => {
    if (nextSkyId !== undefined) onNextSky(nextSkyId)
  }, [nextSkyId, onNextSky])
  useEffect(() => {
    if (mintedSkyId !== undefined && state.status === 'success')
      onMinted({ skyId: mintedSkyId, chainId, hash: state.hash })
  }, [mintedSkyId, state, chainId, onMinted])
  // A change to the design after a failed mint clears its error.
  clearErrorRef.current = state.status === 'error' ? reset : undefined

  // The designer works without the chain: the gate's state is a line under the price rather than the page.
  const gate = useGameGate({ needsWallet: false, reads: [infoQuery] })
  const notDeployed = useNotDeployedText()
  const problem =
    gate === 'not-deployed'
      ? notDeployed
      : gate === 'silent'
        ? 'The chain did not answer; supply and price will show when it does.'
        : gate === 'busy'
          ? 'The chain is busy: its provider asked the app to slow down. Supply and price will show once it answers.'
          : undefined
  return (
    <>
      <PriceSummary info={info} chosen={chosen} currency={descriptor.currency} problem={problem} />
      {!isConnected && <p className={styles.connect}>Connect a wallet to mint; the preview works without one.</p>}
      <MintButton
        status={status}
        total={total}
        currency={descriptor.currency}
        sponsored={sponsorship.known && sponsorship.sponsored}
        onConnect={openConnectModal}
        onSwitchNetwork={openChainModal}
      />
      {status.kind === 'insufficient-funds' && <FundsNote chainId={chainId} currency={descriptor.currency} />}
      {isConnected && total === 0n && <GasNote />}
      <SafeProgressNote state={state} />
      <WriteErrorNote state={state} onPayGas={() => void payGas()} />
    </>
  )
}
