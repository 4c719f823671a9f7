import { useParams } from 'react-router'
import { NotFound } from '@/components/not-found'
import { DraftPage } from '@/features/compose'

/** /draft/:draftId — a shared draft; an id that cannot be a draft's is not a page. */
export function DraftRoute() {
  const draftId = useParams().draftId ?? ''
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(draftId)) return <NotFound />
  return <DraftPage draftId={draftId} />
}
