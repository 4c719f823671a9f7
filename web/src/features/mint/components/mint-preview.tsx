import { base64, renderSky } from '@chainellation/art'
import { useMemo } from 'react'
import { SkyFrame } from '@/components/sky-frame'
import page from '@/styles/page.module.css'
import { type Design, PREVIEW_HOURS, type PreviewMode, previewSky } from '../utils/design'

export type MintPreviewProps = {
  design: Design
  mode: PreviewMode
  /** The id the next mint will get: the star field and the sky's own traits follow it. */
  skyId: bigint
}

/** The design drawn in the browser by the port of the contract's renderer: what the chain will draw, byte for byte. */
export function MintPreview({ design, mode, skyId }: MintPreviewProps) {
  const src = useMemo(() => {
    const svg = renderSky(skyId, previewSky(design, skyId, mode), mode.night ? PREVIEW_HOURS.night : PREVIEW_HOURS.day)
    return `data:image/svg+xml;base64,${base64(svg)}`
  }, [design, mode, skyId])
  return (
    <figure className={page.figure}>
      <SkyFrame src={src} alt={`Preview of night sky #${skyId} by ${mode.night ? 'night' : 'day'}`} />
      <figcaption className={page.caption}>
        Preview of night sky #{skyId.toString()}, drawn exactly as the contract will draw it. Its stars, and the traits
        you leave to the sky, follow its number: if someone mints before you, yours takes the next one.
      </figcaption>
    </figure>
  )
}
