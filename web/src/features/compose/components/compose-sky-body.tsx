import { GameGate } from '@/components/game-gate'
import { StateNote } from '@/components/state-note'
import { useDocumentTitle } from '@/components/use-document-title'
import { useChainNow } from '@/lib/game'
import page from '@/styles/page.module.css'
import { useDecorations } from '../hooks/use-decorations'
import { useSkyComposition } from '../hooks/use-sky-composition'
import { ComposeEditor, useComposing } from './compose-editor'
import { ComposeHeading } from './compose-heading'

/** The Compose page of one sky, read from the chain (see `ComposeSkyPage`). */
export function ComposeSkyBody({ skyId }: { skyId: bigint }) {
  useDocumentTitle(`Compose sky #${skyId}`)
  const sky = useSkyComposition(skyId)
  const decorations = useDecorations()
  const clock = useChainNow()
  const composing = useComposing()
  return (
    <div className={page.page}>
      <ComposeHeading skyId={skyId} />
      <GameGate
        reads={[sky, decorations, { error: clock.error, data: clock.now }]}
        loading="Reading the sky and its decorations…"
        silent="This sky will show when it does."
      >
        {() =>
          sky.data?.exists && clock.now !== undefined ? (
            <ComposeEditor
              skyId={skyId}
              sky={sky.data}
              decorations={decorations}
              now={clock.now}
              refresh={[sky.queryKey, clock.queryKey]}
              composing={composing}
            />
          ) : (
            <StateNote title={`No night sky #${skyId}`} link={{ label: 'Mint a sky', to: '/mint' }}>
              There is no night sky #{skyId.toString()} yet. Once it is minted, its owner can dress it here.
            </StateNote>
          )
        }
      </GameGate>
    </div>
  )
}
