import { useParams } from 'react-router'
import { NotFound } from '@/components/not-found'
import { ComposeSkyPage } from '@/features/compose'
import { parseSkyId } from './parse-sky-id'

/** /compose/:skyId — one sky's decorations; an id that is not a sky number is not a page. */
export function ComposeSkyRoute() {
  const skyId = parseSkyId(useParams().skyId)
  if (skyId === undefined) return <NotFound />
  return <ComposeSkyPage skyId={BigInt(skyId)} />
}
