import { defaultTraits } from '@chainellation/art'
import { type FormEvent, useCallback, useMemo, useState } from 'react'
import { useAccount, useBalance } from 'wagmi'
import { useDocumentTitle } from '@/components/use-document-title'
import { useGameChain } from '@/lib/game'
import { SafeProgressNote, useChainModal, useConnectModal } from '@/lib/wallet'
import page from '@/styles/page.module.css'
import { useMint } from '../hooks/use-mint'
import { useMintInfo } from '../hooks/use-mint-info'
import { chosenCount, type Design, type PreviewMode } from '../utils/design'
import { mintStatus } from '../utils/mint-status'
import { browserTimeZone } from '../utils/time-zone'
import { CloudsControl } from './clouds-control'
import { ConstellationControl } from './constellation-control'
import { HueControl } from './hue-control'
import { MintButton } from './mint-button'
import styles from './mint-page.module.css'
import { MintPreview } from './mint-preview'
import { MintSuccess } from './mint-success'
import { PreviewToggles } from './preview-toggles'
import { PriceSummary } from './price-summary'
import { TimeZoneControl } from './time-zone-control'

const skyChooses = { primaryHue: null, secondaryHue: null, constellation: null, clouds: null }

/** /mint: design a sky with a live preview, see supply and price, mint it, and see it as the chain draws it. */
export function MintPage() {
  useDocumentTitle('Mint')
  const { address, chain, isConnected } = useAccount()
  const { chainId, descriptor, deployed } = useGameChain()
  const { openConnectModal } = useConnectModal()
  const { openChainModal } = useChainModal()
  const infoQuery = useMintInfo()
  const balanceQuery = useBalance({ address, chainId, query: { enabled: isConnected && !!chain } })
  const { state, mint, reset, mintedSkyId } = useMint([infoQuery.queryKey, balanceQuery.queryKey])
  const [design, setDesign] = useState<Design>(() => ({ ...skyChooses, timeZone: browserTimeZone() }))
  const [mode, setMode] = useState<PreviewMode>({ night: true, revealed: false })

  const info = infoQuery.data
  const nextSkyId = info ? info.minted + 1n : 1n
  const own = useMemo(() => defaultTraits(nextSkyId), [nextSkyId])
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

  // Stable handlers, so a change re-renders the control that changed and the preview, not every control.
  const failed = state.status === 'error'
  const change = useCallback(
    (patch: Partial<Design>) => {
      setDesign((d) => ({ ...d, ...patch }))
      if (failed) reset()
    },
    [failed, reset],
  )
  const onPrimary = useCallback((primaryHue: number | null) => change({ primaryHue }), [change])
  const onSecondary = useCallback((secondaryHue: number | null) => change({ secondaryHue }), [change])
  const onClouds = useCallback((clouds: number | null) => change({ clouds }), [change])
  const onTimeZone = useCallback((timeZone: Design['timeZone']) => change({ timeZone }), [change])
  const onConstellation = useCallback(
    (constellation: number | null) => {
      change({ constellation })
      // A fresh sky shows none of its constellation: show the one just chosen whole.
      if (constellation !== null) setMode((m) => ({ ...m, revealed: true }))
    },
    [change],
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

  return (
    <div className={page.page}>
      <header className={page.intro}>
        <p className={page.kicker}>Your own sky, drawn on-chain</p>
        <h1 className={page.title}>Mint a night sky</h1>
        <p className={page.lead}>
          Pick its colours, its secret constellation and its clouds, or leave any of them to the sky. The preview is
          drawn right here, exactly as the contract will draw your token.
        </p>
      </header>
      {mintedSkyId !== undefined ? (
        <MintSuccess skyId={mintedSkyId} onMintAnother={reset} />
      ) : (
        <div className={page.layout}>
          <div className={page.stage}>
            <MintPreview design={design} mode={mode} skyId={nextSkyId} />
            <PreviewToggles mode={mode} onChange={setMode} />
          </div>
          <form className={page.panel} onSubmit={onSubmit} aria-label="Your sky">
            <HueControl
              label="Zenith hue"
              hint="The colour at the top of the sky."
              value={design.primaryHue}
              skyValue={own.primaryHue}
              onChange={onPrimary}
            />
            <HueControl
              label="Horizon hue"
              hint="The colour the sky fades to at the horizon, and the tint of its clouds by night."
              value={design.secondaryHue}
              skyValue={own.secondaryHue}
              onChange={onSecondary}
            />
            <ConstellationControl value={design.constellation} onChange={onConstellation} />
            <CloudsControl value={design.clouds} onChange={onClouds} />
            <TimeZoneControl value={design.timeZone} onChange={onTimeZone} />
            <PriceSummary info={info} chosen={chosen} currency={descriptor.currency} problem={problem} />
            {!isConnected && <p className={styles.connect}>Connect a wallet to mint; the preview works without one.</p>}
            <MintButton
              status={status}
              total={total}
              currency={descriptor.currency}
              onConnect={() => openConnectModal?.()}
              onSwitchNetwork={() => openChainModal?.()}
            />
            <SafeProgressNote state={state} />
            {state.status === 'error' && (
              <p className={page.error} role="alert">
                {state.message}
              </p>
            )}
          </form>
        </div>
      )}
    </div>
  )
}
