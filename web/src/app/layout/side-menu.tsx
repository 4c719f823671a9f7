import { type RefObject, useEffect, useEffectEvent, useRef } from 'react'
import { createPortal } from 'react-dom'
import { NavLink } from 'react-router'
import { ExternalLink } from '@/components/external-link'
import { GameIcon } from '@/components/game-icon'
import { links } from '@/config/links'
import { useHydrated } from '@/hooks/use-hydrated'
import { useFocusTrap } from '../hooks/use-focus-trap'
import { useScrollLock } from '../hooks/use-scroll-lock'
import { BrandLink } from './brand-link'
import { gameAreas, WIDE_SCREEN } from './nav-items'
import styles from './side-menu.module.css'

export type SideMenuProps = {
  id: string
  open: boolean
  onClose: () => void
  /** Where focus goes back to when the menu closes: the toggle that opened it. */
  returnFocusRef: RefObject<HTMLElement | null>
}

/** The small-screen menu: a modal panel over a backdrop. Escape, the backdrop, the close button or any link closes it. */
export function SideMenu({ id, open, onClose, returnFocusRef }: SideMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null)
  const close = useEffectEvent(onClose)
  const hydrated = useHydrated()
  useScrollLock(open)
  useFocusTrap(panelRef, open)

  useEffect(() => {
    if (!open) return
    panelRef.current?.querySelector<HTMLElement>('a[href], button')?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    // Grown past the breakpoint (a rotated tablet): the toggle is gone, so the menu goes too.
    const wide = typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_SCREEN) : undefined
    const onWide = (event: MediaQueryListEvent) => {
      if (event.matches) close()
    }
    document.addEventListener('keydown', onKeyDown)
    wide?.addEventListener('change', onWide)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      wide?.removeEventListener('change', onWide)
      returnFocusRef.current?.focus()
    }
  }, [open, returnFocusRef])

  // The page's HTML is written at build time, where there is no `document.body` to portal into.
  if (!hydrated) return null
  return createPortal(
    <div className={styles.root} hidden={!open}>
      {/* Pointer users close by tapping outside; keyboard users have Escape and the close button. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is a pointer-only affordance */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the menu from anywhere */}
      <div className={styles.backdrop} onClick={onClose} data-testid="side-menu-backdrop" />
      <div ref={panelRef} id={id} role="dialog" aria-modal="true" aria-label="Menu" className={styles.panel}>
        <div className={styles.top}>
          {/* Where the header's hamburger is, so the same spot opens the menu and closes it. */}
          <button type="button" className={styles.close} aria-label="Close menu" onClick={onClose}>
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
          <BrandLink onClick={onClose} />
        </div>
        <nav aria-label="Menu" className={styles.nav}>
          <ul className={styles.list}>
            {gameAreas.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={styles.link} onClick={onClose}>
                  <GameIcon name={item.icon} className={styles.icon} />
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ul className={styles.external}>
            {(['twitter', 'discord'] as const).map((name) => (
              <li key={name}>
                <ExternalLink href={links[name]} className={styles.externalLink} onClick={onClose}>
                  {name}
                  <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path
                      d="M8 16L16 8M9 8h7v7"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    />
                  </svg>
                </ExternalLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.note}>An on-chain game of night skies.</p>
      </div>
    </div>,
    document.body,
  )
}
