import { useSearchParams } from 'react-router'
import { DiscoveryLinks } from '@/components/discovery-links'
import { PageFallback } from '@/components/page-fallback'
import { PageIntro } from '@/components/ui/page-intro'
import { TabLinks } from '@/components/ui/tab-links'
import { useDocumentTitle } from '@/components/use-document-title'
import { useBrowserValue } from '@/hooks/use-hydrated'
import { lazyIsland, WalletIsland } from '@/lib/shell'
import page from '@/styles/page.module.css'
import styles from './stargaze-page.module.css'

// The lists read the chain: code of their own, fetched with the wallet stack (see WalletIsland).
const Gallery = lazyIsland(async () => (await import('./gallery')).Gallery)
const MySkies = lazyIsland(async () => (await import('./my-skies')).MySkies)

/**
 * The query the address bar holds now. react-router hands its updater the query of the last render, and renders a
 * navigation as a transition: a second choice made before that render would undo the first. The address bar has it
 * once the navigation is made (there are no loaders to wait for).
 */
const currentSearch = () => new URLSearchParams(window.location.search)

// Opened on everyone's skies: the index's first page is asked for as this page's code arrives, beside the hydration,
// rather than once the wallet stack and the gallery's own code are here (docs/decisions/first-use.md). The asking
// code is imported, not part of this page's chunk: the views' parsing brings viem's address checks and the
// constellations' names, 12 kB the page itself does not need. Not on a navigation inside the app, which arrives here
// before the address bar moves: the gallery asks then, with the stack already loaded.
if (typeof window !== 'undefined' && window.location.pathname === '/stargaze') {
  const opened = new URLSearchParams(window.location.search)
  if (opened.get('view') === 'everyone')
    void Promise.all([import('../api/discovery'), import('../utils/gallery-query')]).then(
      ([{ askFirstSkiesEarly }, { parseGalleryQuery }]) => askFirstSkiesEarly(parseGalleryQuery(opened)),
    )
}

/** /stargaze: your skies and the nightly gaze, or (`?view=everyone`) everyone's skies. */
export function StargazePage() {
  const [params, setParams] = useSearchParams()
  // The build's HTML is the page without a query: a shared link to everyone's skies turns to them once hydrated.
  // As values, not a hydrated flag: a plain link renders the page once, not again at once after hydration.
  const everyone = useBrowserValue(params.get('view') === 'everyone', false)
  const gaze = useBrowserValue(params.get('gaze'), null)
  useDocumentTitle(everyone ? 'Everyone’s skies' : 'Stargaze')
  return (
    <div className={page.page}>
      <PageIntro
        kicker="The night ritual"
        title="Stargaze"
        lead="When night falls where a sky lives, its owner may gaze at it once every 14 hours. Each gaze reveals one more star of its secret constellation."
      >
        <DiscoveryLinks />
      </PageIntro>
      <TabLinks
        label="Skies"
        className={styles.tabs}
        tabs={[
          { to: '/stargaze', label: 'Your skies', current: !everyone },
          { to: '/stargaze?view=everyone', label: 'Everyone’s skies', current: everyone },
        ]}
      />
      <WalletIsland load={everyone ? Gallery.load : MySkies.load} fallback={<PageFallback />}>
        {everyone ? (
          <Gallery params={params} onParams={(next) => setParams(next(currentSearch()))} />
        ) : (
          <MySkies gaze={gaze} />
        )}
      </WalletIsland>
    </div>
  )
}
