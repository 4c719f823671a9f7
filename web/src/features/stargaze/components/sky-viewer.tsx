import { type MouseEvent, type SyntheticEvent, useEffect, useEffectEvent, useId, useLayoutEffect, useRef } from 'react'
import { ButtonLink } from '@/components/button-link'
import { SkyAttributes } from '@/components/sky-attributes'
import { SkyDownloads } from '@/components/sky-downloads'
import { SkyFrame } from '@/components/sky-frame'
import { useSkyMetadata } from '@/lib/game'
import { skyFileBase } from '@/lib/game/download'
import styles from './sky-viewer.module.css'
import { ViewerSteps } from './viewer-steps'

export type SkyViewerProps = {
  ids: readonly bigint[]
  /** Position in `ids` of the sky shown. */
  index: number
  onNavigate: (index: number) => void
  onClose: () => void
}

/**
 * One sky large, in a modal `<dialog>`: its attributes, downloads and page, and the skies beside it in `ids`.
 * Open while rendered; Escape, the backdrop and the close button ask the parent to close it through `onClose`.
 */
export function SkyViewer({ ids, index, onNavigate, onClose }: SkyViewerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const skyId = ids[index]
  const { data: meta, error } = useSkyMetadata(skyId)
  const hasPrevious = index > 0
  const hasNext = index < ids.length - 1

  // A layout effect closes the dialog while it is still in the document, so the browser returns focus to what opened it.
  useLayoutEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])

  // On the document, so the keys still work when focus fell out of the dialog (a step button that became disabled).
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
    } else if (event.key === 'ArrowLeft' && hasPrevious) {
      event.preventDefault()
      onNavigate(index - 1)
    } else if (event.key === 'ArrowRight' && hasNext) {
      event.preventDefault()
      onNavigate(index + 1)
    }
  })
  useEffect(() => {
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  // Other close requests (a phone's back gesture): the parent decides, the dialog does not close by itself.
  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault()
    onClose()
  }
  // A click on the dialog element itself, not on its content, is a click on the backdrop.
  const onBackdrop = (event: MouseEvent) => {
    if (event.target === event.currentTarget) onClose()
  }

  if (skyId === undefined) return null
  const title = `Night sky #${skyId}`
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop is a pointer affordance; Escape closes from the keyboard
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClick={onBackdrop}
    >
      <div className={styles.panel}>
        <header className={styles.top}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <div className={styles.body}>
          <div className={styles.stage}>
            <SkyFrame src={meta?.image} alt={meta ? `${title}, as the chain draws it` : ''} className={styles.frame}>
              {!meta && (
                <p className={styles.placeholder} role="status">
                  {error ? 'The chain did not return this sky; try again in a moment.' : 'Reading the sky…'}
                </p>
              )}
            </SkyFrame>
            <ViewerSteps index={index} count={ids.length} onNavigate={onNavigate} />
          </div>
          <div className={styles.details}>
            {meta && <SkyAttributes meta={meta} />}
            {meta && <SkyDownloads src={meta.image} fileName={skyFileBase(skyId)} />}
            <ButtonLink to={`/sky/${skyId}`} variant="quiet" className={styles.open}>
              Open its page
            </ButtonLink>
          </div>
        </div>
      </div>
    </dialog>
  )
}
