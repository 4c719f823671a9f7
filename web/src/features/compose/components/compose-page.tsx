import { PageFallback } from '@/components/page-fallback'
import { useDocumentTitle } from '@/components/use-document-title'
import { lazyIsland, WalletIsland } from '@/lib/shell'
import page from '@/styles/page.module.css'

// The list reads the chain: code of its own, fetched with the wallet stack (see WalletIsland).
const SkyPicker = lazyIsland(async () => (await import('./sky-picker')).SkyPicker)

/** /compose: pick one of your skies to decorate. */
export function ComposePage() {
  useDocumentTitle('Compose')
  return (
    <div className={page.page}>
      <header className={page.intro}>
        <p className={page.kicker}>Compose</p>
        <h1 className={page.title}>Compose</h1>
        <p className={page.lead}>
          Dress a sky on three layers: a silhouette, something in the sky, and a decoration in front. Pick the sky.
        </p>
      </header>
      <WalletIsland load={SkyPicker.load} fallback={<PageFallback />}>
        <SkyPicker />
      </WalletIsland>
    </div>
  )
}
