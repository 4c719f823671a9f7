import type { Ref } from 'react'
import { earlyPress } from '@/lib/early-press'
import styles from './menu-toggle.module.css'

export type MenuToggleProps = { open: boolean; controls: string; onClick: () => void; ref?: Ref<HTMLButtonElement> }

/** The hamburger that opens the side menu on small screens; pressed on the same spot again, the menu closes. */
export function MenuToggle({ open, controls, onClick, ref }: MenuToggleProps) {
  return (
    <button
      ref={ref}
      type="button"
      className={styles.toggle}
      aria-label="Open menu"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onClick}
      {...earlyPress('menu')}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M4 7h16M4 12h11M4 17h16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    </button>
  )
}
