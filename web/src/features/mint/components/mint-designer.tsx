import { defaultTraits } from '@chainellation/art'
import { type FormEvent, type ReactNode, useCallback, useMemo } from 'react'
import { Panel } from '@/components/ui/panel'
import page from '@/styles/page.module.css'
import type { Design, PreviewMode } from '../utils/design'
import { CloudsControl } from './clouds-control'
import { ConstellationControl } from './constellation-control'
import { HueControl } from './hue-control'
import { MintPreview } from './mint-preview'
import { PreviewToggles } from './preview-toggles'
import { TimeZoneControl } from './time-zone-control'

export type MintDesignerProps = {
  design: Design
  mode: PreviewMode
  /** The id the next mint will get: the preview's star field and the sky's own traits follow it. */
  skyId: bigint
  onDesign: (patch: Partial<Design>) => void
  onMode: (update: (mode: PreviewMode) => PreviewMode) => void
  onSubmit?: (event: FormEvent) => void
  /** The form's end: supply and price, the mint button and what the chain says. */
  children: ReactNode
}

/** The preview beside the design form. Reads no chain: the page draws it before the wallet stack is there. */
export function MintDesigner({ design, mode, skyId, onDesign, onMode, onSubmit, children }: MintDesignerProps) {
  const own = useMemo(() => defaultTraits(skyId), [skyId])
  // Stable handlers, so a change re-renders the control that changed and the preview, not every control.
  const onPrimary = useCallback((primaryHue: number | null) => onDesign({ primaryHue }), [onDesign])
  const onSecondary = useCallback((secondaryHue: number | null) => onDesign({ secondaryHue }), [onDesign])
  const onClouds = useCallback((clouds: number | null) => onDesign({ clouds }), [onDesign])
  const onTimeZone = useCallback((timeZone: Design['timeZone']) => onDesign({ timeZone }), [onDesign])
  const onConstellation = useCallback(
    (constellation: number | null) => {
      onDesign({ constellation })
      // A fresh sky shows none of its constellation: show the one just chosen whole.
      if (constellation !== null) onMode((m) => ({ ...m, revealed: true }))
    },
    [onDesign, onMode],
  )
  const setMode = useCallback((next: PreviewMode) => onMode(() => next), [onMode])
  return (
    <div className={page.layout}>
      <div className={page.stage}>
        <MintPreview design={design} mode={mode} skyId={skyId} />
        <PreviewToggles mode={mode} onChange={setMode} />
      </div>
      <Panel
        as="form"
        className={page.panel}
        onSubmit={onSubmit ?? ((event) => event.preventDefault())}
        aria-label="Your sky"
      >
        <HueControl
          label="Zenith hue"
          hint="The colour at the top of the sky."
          value={design.primaryHue}
          skyValue={own.primaryHue}
          onChange={onPrimary}
        />
        <HueControl
          label="Horizon hue"
          hint="The colour the sky fades to at the horizon, and the tint of its clouds by night."
          value={design.secondaryHue}
          skyValue={own.secondaryHue}
          onChange={onSecondary}
        />
        <ConstellationControl value={design.constellation} onChange={onConstellation} />
        <CloudsControl value={design.clouds} onChange={onClouds} />
        <TimeZoneControl value={design.timeZone} onChange={onTimeZone} />
        {children}
      </Panel>
    </div>
  )
}
