import { useParams } from 'react-router'
import { ComingSoon } from '@/components/coming-soon'
import { DocumentTitle } from '@/components/document-title'
import { NotFound } from '@/components/not-found'
import { parseSkyId } from './parse-sky-id'

/** /compose/:skyId — one sky's decorations; an id that is not a sky number is not a page. */
export function ComposeSkyRoute() {
  const skyId = parseSkyId(useParams().skyId)
  if (skyId === undefined) return <NotFound />
  const title = `Compose sky #${skyId}`
  return (
    <ComingSoon icon="compose" title={title}>
      <DocumentTitle page={title} />
      <p>
        Set the silhouette, sky and object layers of sky #{skyId} and see the result before you sign — in one
        transaction.
      </p>
    </ComingSoon>
  )
}
