import { renderSky, type Sky } from '@chainellation/art'
import { useMemo } from 'react'
import { SkyFrame } from '@/components/sky-frame'
import { formatLocalTime, localHourOf } from '@/lib/game'
import page from '@/styles/page.module.css'
import { type Composition, type DecorationOption, layerArt, svgDataUrl } from '../utils/composition'

export type ComposePreviewProps = {
  skyId: bigint
  sky: Sky
  composition: Composition
  options: readonly DecorationOption[]
  /** The chain's clock: the preview draws the sky at its hour there, as `tokenURI` would. */
  now: number
}

/** The composed sky drawn in the browser by the port of the contract's renderer: what the chain shows after Apply. */
export function ComposePreview({ skyId, sky, composition, options, now }: ComposePreviewProps) {
  const hour = localHourOf(now, sky.tzOffset)
  const src = useMemo(
    () => svgDataUrl(renderSky(skyId, sky, hour, layerArt(composition, options))),
    [skyId, sky, hour, composition, options],
  )
  return (
    <figure className={page.figure}>
      <SkyFrame src={src} alt={`Preview of night sky #${skyId} with these decorations`} />
      <figcaption className={page.caption}>
        Drawn here exactly as the chain will draw it once applied — as it looks now, at{' '}
        {formatLocalTime(now, sky.tzOffset)} there.
      </figcaption>
    </figure>
  )
}
