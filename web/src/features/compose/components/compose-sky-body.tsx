import { useState } from 'react'
import { useAccount } from 'wagmi'
import { ButtonLink } from '@/components/button-link'
import { Panel } from '@/components/ui/panel'
import { useDocumentTitle } from '@/components/use-document-title'
import { useChainNow, useGameChain } from '@/lib/game'
import page from '@/styles/page.module.css'
import { useApply, useMintDecoration } from '../hooks/use-compose-writes'
import { useDecorations } from '../hooks/use-decorations'
import { useOwnedTokens } from '../hooks/use-owned-tokens'
import { useSkyComposition } from '../hooks/use-sky-composition'
import { type Choice, type Composition, changedChoices, LAYERS } from '../utils/composition'
import { layerOptions } from '../utils/layer-options'
import { AccessBanner } from './access-banner'
import { ApplyButton } from './apply-button'
import { ComposeHeading } from './compose-heading'
import { ComposePreview } from './compose-preview'
import styles from './compose-sky-page.module.css'
import { DecorationShop } from './decoration-shop'
import { DraftsPanel } from './drafts-panel'
import { LayerPicker } from './layer-picker'

/** The Compose page of one sky, read from the chain (see `ComposeSkyPage`). */
export function ComposeSkyBody({ skyId }: { skyId: bigint }) {
  useDocumentTitle(`Compose sky #${skyId}`)
  const { address, chain, isConnected } = useAccount()
  const { chainId, descriptor, deployed } = useGameChain()
  const sky = useSkyComposition(skyId)
  const decorations = useDecorations()
  const owned = useOwnedTokens(decorations.options, decorations.tokens)
  const clock = useChainNow()
  const [picked, setPicked] = useState<Composition>()
  const [buying, setBuying] = useState<number>()
  const refresh = [sky.queryKey, clock.queryKey, owned.queryKey, ...decorations.queryKeys]
  const { state, apply } = useApply(skyId, refresh)
  const shop = useMintDecoration(refresh)

  const heading = <ComposeHeading skyId={skyId} />
  const note = (text: string, link?: { label: string; to: string }) => (
    <div className={page.page}>
      {heading}
      <Panel variant="dashed" className={styles.note}>
        <p>{text}</p>
        {link && <ButtonLink to={link.to}>{link.label}</ButtonLink>}
      </Panel>
    </div>
  )

  if (!deployed) return note(`The game is not deployed on ${chain?.name ?? 'this network'} yet.`)
  if (sky.error || decorations.error) return note('The chain did not answer; this sky will show when it does.')
  if (!sky.data || decorations.isPending || clock.now === undefined) return note('Reading the sky and its decorations…')
  if (!sky.data.exists) return note(`There is no night sky #${skyId} yet.`, { label: 'Mint a sky', to: '/mint' })

  const { composition: onChain, owner } = sky.data
  const isOwner = !!address && owner.toLowerCase() === address.toLowerCase()
  const canEdit = isOwner && !!chain
  const current = picked ?? onChain
  const changes = changedChoices(onChain, current).length
  const choose = (layer: number, choice: Choice) =>
    setPicked(current.map((c, i) => (i === layer - 1 ? choice : c)) as unknown as Composition)
  const onApply = async () => {
    if (await apply(onChain, current)) setPicked(undefined)
  }
  const onMint = async (option: Parameters<typeof shop.mint>[0], price: bigint) => {
    setBuying(option.id)
    await shop.mint(option, price)
    setBuying(undefined)
  }

  return (
    <div className={page.page}>
      {heading}
      <AccessBanner owner={owner} />
      <div className={page.layout}>
        <div className={page.stage}>
          <ComposePreview
            skyId={skyId}
            sky={sky.data.sky}
            composition={current}
            options={decorations.options}
            now={clock.now}
          />
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
            <ApplyButton changes={changes} state={state} onApply={onApply} onReset={() => setPicked(undefined)} />
          )}
          {canEdit && (
            <DraftsPanel skyId={skyId} chainId={chainId} composition={current} onLoad={(c) => setPicked(c)} />
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
    </div>
  )
}
