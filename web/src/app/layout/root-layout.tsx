import { Suspense, useCallback, useRef, useState } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { StarSky } from '@/components/star-sky'
import { PageFallback } from './page-fallback'
import styles from './root-layout.module.css'
import { SideMenu } from './side-menu'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

const SIDE_MENU_ID = 'side-menu'

/** Header, the current page and the footer, under the star field. The side menu makes the rest inert while open. */
export function RootLayout() {
  const [menuOpen, setMenuOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const closeMenu = useCallback(() => setMenuOpen(false), [])
  const openMenu = useCallback(() => setMenuOpen(true), [])

  return (
    <>
      <StarSky />
      <div className={styles.shell} inert={menuOpen}>
        <a className={styles.skip} href="#main">
          Skip to content
        </a>
        <SiteHeader menuId={SIDE_MENU_ID} menuOpen={menuOpen} onOpenMenu={openMenu} toggleRef={toggleRef} />
        <main id="main" className={styles.main} tabIndex={-1}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
        <SiteFooter />
      </div>
      <SideMenu id={SIDE_MENU_ID} open={menuOpen} onClose={closeMenu} returnFocusRef={toggleRef} />
      <ScrollRestoration />
    </>
  )
}
