import type { Ref } from 'react'
import { WalletSlot } from '@/lib/shell'
import { BrandLink } from './brand-link'
import { MainNav } from './main-nav'
import { MenuToggle } from './menu-toggle'
import { NavProgress } from './nav-progress'
import styles from './site-header.module.css'

export type SiteHeaderProps = {
  menuId: string
  menuOpen: boolean
  onToggleMenu: () => void
  toggleRef: Ref<HTMLButtonElement>
}

/** The fixed bar: menu toggle (small screens), the deployment's name, the areas (wide screens) and the wallet. */
export function SiteHeader({ menuId, menuOpen, onToggleMenu, toggleRef }: SiteHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <div className={styles.start}>
          <MenuToggle ref={toggleRef} open={menuOpen} controls={menuId} onClick={onToggleMenu} />
          <BrandLink />
        </div>
        <MainNav />
        <div className={styles.end}>
          <WalletSlot />
        </div>
      </div>
      <NavProgress />
    </header>
  )
}
