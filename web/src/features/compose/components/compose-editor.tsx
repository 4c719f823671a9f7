import type { QueryKey } from '@tanstack/react-query'
import { useState } from 'react'
import { useAccount } from 'wagmi'
import { Panel } from '@/components/ui/panel'
import { nextGazeAt, useGameChain } from '@/lib/game'
import { useCanBatch } from '@/lib/wallet'
import page from '@/styles/page.module.css'
import { useApply, useMintDecoration } from '../hooks/use-compose-writes'
import type { useDecorations } from '../hooks/use-decorations'
import { useDraftFromLink } from '../hooks/use-drafts'
import { useOwnedTokens } from '../hooks/use-owned-tokens'
import type { useSkyComposition } from '../hooks/use-sky-composition'
import { type Choice, type Composition, changedChoices, LAYERS } from '../utils/composition'
import { layerOptions } from '../utils/layer-options'
import { AccessBanner } from './access-banner'
import { ApplyButton } from './apply-button'
import { ComposePreview } from './compose-preview'
import { DecorationShop } from './decoration-shop'
import { DraftsPanel } from './drafts-panel'
import { LayerPicker } from './layer-picker'

export type ComposeEditorProps = {
  skyId: bigint
  sky: Extract<NonNullable<ReturnType<typeof useSkyComposition>['data']>, { exists: true }>
  decorations: ReturnType<typeof useDecorations>
  now: number
  /** What a write changes besides the decorations: the sky's layers and the clock. */
  refresh: QueryKey[]
  /** What the player is composing, kept by the page (see `useComposing`). */
  composing: Composing
}

/** The layers picked but not applied, and the name typed for the next draft. */
export type Composing = {
  picked: Composition | undefined
  setPicked: (composition: Composition | undefined) => void
  draftName: string
  setDraftName: (name: string) => void
}

/**
 * What the player is composing, kept above the page's gate rather than in the editor under it. The gate draws its note
 * instead of the editor while a read starts again (an account's decoration balances are read afresh when a wallet
 * connects, reconnects after a cancelled sign-in, or changes account) or the chain does not answer, and the editor's
 * own state went with it: the draft's name and the layers picked.
 */
export function useComposing(): Composing {
  const [picked, setPicked] = useState<Composition>()
  const [draftName, setDraftName] = useState('')
  return { picked, setPicked, draftName, setDraftName }
}

/** The sky's layers to pick, the preview, and the writes: apply, save a draft, buy a decoration. */
export function ComposeEditor({ skyId, sky, decorations, now, refresh: changed, composing }: ComposeEditorProps) {
  const { address, chain, isConnected } = useAccount()
  const { chainId, descriptor } = useGameChain()
  const owned = useOwnedTokens(decorations.options, decorations.tokens)
  // Not in the drafts panel either, which is gone while the wallet is away.
  const { picked, setPicked, draftName, setDraftName } = composing
  useDraftFromLink(skyId, setPicked)
  const [buying, setBuying] = useState<number>()
  const refresh = [...changed, owned.queryKey, ...decorations.queryKeys]
  const { state, apply, applyAndGaze, payGas } = useApply(skyId, refresh)
  const shop = useMintDecoration(refresh)
  // The night's gaze rides along where the wallet can send both as one (EIP-5792), on by default: it is what a
  // player who dresses a sky at night came to do too.
  const canBatch = useCanBatch()
  const [gazeToo, setGazeToo] = useState(true)

  const { composition: onChain, owner } = sky
  const isOwner = !!address && owner.toLowerCase() === address.toLowerCase()
  const canEdit = isOwner && !!chain
  const current = picked ?? onChain
  const changes = changedChoices(onChain, current).length
  const choose = (layer: number, choice: Choice) =>
    setPicked(current.map((c, i) => (i === layer - 1 ? choice : c)) as unknown as Composition)
  const gazeReady = (nextGazeAt(sky.sky, now) ?? Number.POSITIVE_INFINITY) <= now
  const gazeOffered = canBatch && gazeReady
  const onApply = async () => {
    const write = gazeOffered && gazeToo ? applyAndGaze : apply
    if (await write(onChain, current)) setPicked(undefined)
  }
  const onPayGas = async () => {
    if (await payGas()) setPicked(undefined)
  }
  const onMint = async (option: Parameters<typeof shop.mint>[0], price: bigint) => {
    setBuying(option.id)
    await shop.mint(option, price)
    setBuying(undefined)
  }

  return (
    <>
      <AccessBanner owner={owner} />
      <div className={page.layout}>
        <div className={page.stage}>
          <ComposePreview skyId={skyId} sky={sky.sky} composition={current} options={decorations.options} now={now} />
        </div>
        <Panel className={page.panel}>
          {LAYERS.map(({ layer, name, hint }) => (
            <LayerPicker
              key={layer}
              name={name}
              hint={hint}
              options={layerOptions(layer, decorations.options, owned.owned, onChain)}
              value={current[layer - 1] as Choice}
              onChain={onChain[layer - 1] as Choice}
              disabled={!canEdit}
              onChange={(choice) => choose(layer, choice)}
            />
          ))}
          {canEdit && (
            <ApplyButton
              changes={changes}
              state={state}
              onApply={onApply}
              onReset={() => setPicked(undefined)}
              onPayGas={onPayGas}
              gaze={gazeOffered ? { chosen: gazeToo, onChange: setGazeToo } : undefined}
            />
          )}
          {canEdit && (
            <DraftsPanel
              skyId={skyId}
              chainId={chainId}
              composition={current}
              name={draftName}
              onNameChange={setDraftName}
              onLoad={(c) => setPicked(c)}
            />
          )}
          <DecorationShop
            options={decorations.options}
            tokens={decorations.tokens}
            currency={descriptor.currency}
            canBuy={isConnected && !!chain}
            state={shop.state}
            busyId={buying}
            onMint={onMint}
          />
        </Panel>
      </div>
    </>
  )
}
