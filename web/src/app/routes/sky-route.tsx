import { useParams } from 'react-router'
import { NotFound } from '@/components/not-found'
import { SkyPage } from '@/features/sky'
import { parseSkyId } from './parse-sky-id'

/** /sky/:skyId — a sky's shareable page; an id that is not a sky number is not a page. */
export function SkyRoute() {
  const skyId = parseSkyId(useParams().skyId)
  if (skyId === undefined) return <NotFound />
  return <SkyPage skyId={BigInt(skyId)} />
}
