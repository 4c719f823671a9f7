import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Outlet, ScrollRestoration, useMatches } from 'react-router'
import { StarSky } from '@/components/star-sky'
import { markAppReady, takeEarlyPress } from '@/lib/early-press'
import { adoptEarlyConnect, WalletRoot } from '@/lib/wallet/shell'
import { PageFallback } from './page-fallback'
import styles from './root-layout.module.css'
import { SideMenu } from './side-menu'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

const SIDE_MENU_ID = 'side-menu'

/** What a route may say about itself (`handle`): `shell` pages render without the wallet stack. */
export type RouteHandle = { shell?: boolean }

/**
 * Header, the current page and the footer, under the star field. The side menu makes the rest inert while
 * open. The shell paints without the wallet stack; a page that needs a wallet waits for it.
 */
export function RootLayout() {
  const [menuOpen, setMenuOpen] = useState(false)
  const [walletSlot, setWalletSlot] = useState<HTMLDivElement | null>(null)
  const matches = useMatches()
  const needsWallet = !(matches.at(-1)?.handle as RouteHandle | undefined)?.shell
  // One element for the layout's life (the Outlet follows the route by itself): the wallet stack around it
  // must not render again when the layout does (see `WalletStack`).
  const page = useMemo(
    () => (
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    ),
    [],
  )
  const toggleRef = useRef<HTMLButtonElement>(null)
  const closeMenu = useCallback(() => setMenuOpen(false), [])
  const openMenu = useCallback(() => setMenuOpen(true), [])
  // The app's first commit: React now owns the page's HTML and sees presses (it replays those that come while it
  // hydrates). public/boot.js kept those before: connect opens the connect modal once the wallet stack is there,
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
        <SiteHeader
          menuId={SIDE_MENU_ID}
          menuOpen={menuOpen}
          onOpenMenu={openMenu}
          toggleRef={toggleRef}
          walletSlotRef={setWalletSlot}
        />
        <main id="main" className={styles.main} tabIndex={-1}>
          <WalletRoot needsWallet={needsWallet} slot={walletSlot} fallback={<PageFallback />}>
            {page}
          </WalletRoot>
        </main>
        <SiteFooter />
      </div>
      <SideMenu id={SIDE_MENU_ID} open={menuOpen} onClose={closeMenu} returnFocusRef={toggleRef} />
      <ScrollRestoration />
    </>
  )
}
