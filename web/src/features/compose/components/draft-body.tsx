import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ButtonLink } from '@/components/button-link'
import { Panel } from '@/components/ui/panel'
import { useDocumentTitle } from '@/components/use-document-title'
import { useChainNow } from '@/lib/game'
import page from '@/styles/page.module.css'
import { compositionOf, getDraft } from '../api/drafts'
import { useDecorations } from '../hooks/use-decorations'
import { useSkyComposition } from '../hooks/use-sky-composition'
import { LAYERS } from '../utils/composition'
import { ComposePreview } from './compose-preview'
import styles from './compose-sky-page.module.css'

/** A shared draft and the sky it dresses, read from the API and the chain (see `DraftPage`). */
export function DraftBody({ draftId }: { draftId: string }) {
  const draft = useQuery({ queryKey: ['draft', draftId], queryFn: () => getDraft(draftId), retry: 0 })
  useDocumentTitle(draft.data ? `Draft: ${draft.data.name}` : 'Draft')
  const skyId = draft.data?.skyId ? BigInt(draft.data.skyId) : 0n
  const sky = useSkyComposition(skyId)
  const decorations = useDecorations()
  const clock = useChainNow()

  const frame = (body: ReactNode, title = 'A shared draft') => (
    <div className={page.page}>
      <header className={page.intro}>
        <p className={page.kicker}>Draft</p>
        <h1 className={page.title}>{title}</h1>
      </header>
      {body}
    </div>
  )
  const note = (text: string) => (
    <Panel variant="dashed" className={styles.note}>
      {text}
    </Panel>
  )
  if (draft.error) return frame(note(draft.error.message))
  if (!draft.data || !sky.data || decorations.isPending || clock.now === undefined) {
    return frame(note('Reading the draft…'))
  }
  if (!sky.data.exists) return frame(note('The sky this draft dresses does not exist.'))
  const composition = compositionOf(draft.data)
  const names = LAYERS.map(({ name }, i) => {
    const id = composition[i]?.decorationId ?? 0
    return `${name}: ${id === 0 ? 'none' : (decorations.options.find((o) => o.id === id)?.name ?? `#${id}`)}`
  })
  return frame(
    <div className={page.layout}>
      <div className={page.stage}>
        <ComposePreview
          skyId={skyId}
          sky={sky.data.sky}
          composition={composition}
          options={decorations.options}
          now={clock.now}
        />
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
        <ButtonLink to={`/sky/${skyId}`} variant="secondary">
          See the sky as it is
        </ButtonLink>
      </Panel>
    </div>,
    draft.data.name,
  )
}
