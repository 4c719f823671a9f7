import type { Sky } from '@chainellation/art'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Address } from 'viem'
import { useAccount } from 'wagmi'
import { ButtonLink } from '@/components/button-link'
import { GameGate } from '@/components/game-gate'
import { ShareButton } from '@/components/share-button'
import { StateNote } from '@/components/state-note'
import { PageIntro } from '@/components/ui/page-intro'
import { Panel } from '@/components/ui/panel'
import { useDocumentTitle } from '@/components/use-document-title'
import { useChainNow } from '@/lib/game'
import { appChains } from '@/lib/wallet'
import page from '@/styles/page.module.css'
import { compositionOf, type Draft, getDraft } from '../api/drafts'
import { useDecorations } from '../hooks/use-decorations'
import { useSkyComposition } from '../hooks/use-sky-composition'
import { type DecorationOption, LAYERS } from '../utils/composition'
import { ComposePreview } from './compose-preview'

/** A shared draft and the sky it dresses, read from the API and the chain (see `DraftPage`). */
export function DraftBody({ draftId }: { draftId: string }) {
  const draft = useQuery({ queryKey: ['draft', draftId], queryFn: () => getDraft(draftId), retry: 0 })
  useDocumentTitle(draft.data ? `Draft: ${draft.data.name}` : 'Draft')
  const skyId = draft.data?.skyId ? BigInt(draft.data.skyId) : 0n
  // The draft's own chain, whatever the wallet is on: a link shared is read where the sky lives.
  const chainId = draft.data?.chainId
  const sky = useSkyComposition(skyId, chainId)
  const decorations = useDecorations(chainId)
  const clock = useChainNow({ chainId })

  const frame = (body: ReactNode, title = 'A shared draft') => (
    <div className={page.page}>
      <PageIntro kicker="Draft" title={title} />
      {body}
    </div>
  )
  if (draft.error) return frame(<StateNote title="This draft cannot be shown">{draft.error.message}</StateNote>)
  if (!draft.data) return frame(<StateNote title="Reading the draft…" busy />)
  const shared = draft.data
  if (!appChains.some((c) => c.id === shared.chainId)) {
    return frame(
      <StateNote title="Not on a network this app runs on">
        This draft dresses a sky on a network this app does not run on.
      </StateNote>,
      shared.name,
    )
  }
  return frame(
    <GameGate
      chainId={shared.chainId}
      reads={[sky, decorations, { error: clock.error, data: clock.now }]}
      loading="Reading the sky it dresses…"
      silent="The draft will show when it does."
    >
      {() =>
        sky.data?.exists && clock.now !== undefined ? (
          <DraftView
            draft={shared}
            skyId={skyId}
            sky={sky.data.sky}
            owner={sky.data.owner}
            options={decorations.options}
            now={clock.now}
          />
        ) : (
          <StateNote title="No such sky">The sky this draft dresses does not exist.</StateNote>
        )
      }
    </GameGate>,
    shared.name,
  )
}

type DraftViewProps = {
  draft: Draft
  skyId: bigint
  sky: Sky
  owner: Address
  options: readonly DecorationOption[]
  now: number
}

/** The draft drawn over its sky, with what it puts on each layer. */
function DraftView({ draft, skyId, sky, owner, options, now }: DraftViewProps) {
  const { address } = useAccount()
  const yours = !!address && address.toLowerCase() === owner.toLowerCase()
  const composition = compositionOf(draft)
  const names = LAYERS.map(({ name }, i) => {
    const id = composition[i]?.decorationId ?? 0
    return `${name}: ${id === 0 ? 'none' : (options.find((o) => o.id === id)?.name ?? `#${id}`)}`
  })
  return (
    <div className={page.layout}>
      <div className={page.stage}>
        <ComposePreview skyId={skyId} sky={sky} composition={composition} options={options} now={now} />
      </div>
      <Panel className={page.panel}>
        <p className={page.lead}>
          A composition for night sky #{skyId.toString()}, saved by its owner and not applied on chain.
        </p>
        <ul>
          {names.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
        {/* Its owner takes it on from here: Compose opens with the draft loaded. */}
        {yours && <ButtonLink to={`/compose/${skyId}?draft=${draft.id}`}>Open in Compose</ButtonLink>}
        <ButtonLink to={`/sky/${skyId}`} variant="secondary">
          See the sky as it is
        </ButtonLink>
        <ShareButton path={`/draft/${draft.id}`} title={draft.name} />
      </Panel>
    </div>
  )
}
