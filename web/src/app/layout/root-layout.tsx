import { Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { PageFallback } from '@/components/page-fallback'
import { StarSky } from '@/components/star-sky'
import { markAppReady, takeEarlyPress } from '@/lib/early-press'
import { adoptEarlyConnect, WalletRoot } from '@/lib/shell'
import styles from './root-layout.module.css'
import { SideMenu } from './side-menu'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

const SIDE_MENU_ID = 'side-menu'

/**
 * Header, the current page and the footer, under the star field. The side menu makes the rest inert while
 * open. The shell and the pages paint without the wallet stack; a page's wallet islands fill in once it is there.
 */
export function RootLayout() {
  const [menuOpen, setMenuOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const closeMenu = useCallback(() => setMenuOpen(false), [])
  // The hamburger toggles; while the menu is open, its close button sits in the hamburger's place.
  const toggleMenu = useCallback(() => setMenuOpen((open) => !open), [])
  // The app's first commit: React now owns the page's HTML and sees presses (it replays those that come while it
  // hydrates). src/boot.js kept those before: connect opens the connect modal once the wallet stack is there,
  // the toggle opens the menu now.
  useEffect(() => {
    markAppReady()
    adoptEarlyConnect()
    if (takeEarlyPress('menu')) setMenuOpen(true)
  }, [])

  return (
    <>
      <StarSky />
      <div className={styles.shell} inert={menuOpen}>
        <a className={styles.skip} href="#main">
          Skip to content
        </a>
        <SiteHeader menuId={SIDE_MENU_ID} menuOpen={menuOpen} onToggleMenu={toggleMenu} toggleRef={toggleRef} />
        <main id="main" className={styles.main} tabIndex={-1}>
          <WalletRoot>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </WalletRoot>
        </main>
        <SiteFooter />
      </div>
      <SideMenu id={SIDE_MENU_ID} open={menuOpen} onClose={closeMenu} returnFocusRef={toggleRef} />
      <ScrollRestoration />
    </>
  )
}
