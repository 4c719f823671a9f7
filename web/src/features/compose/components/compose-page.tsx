import { PageFallback } from '@/components/page-fallback'
import { PageIntro } from '@/components/ui/page-intro'
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
      <PageIntro
        kicker="Compose"
        title="Compose"
        lead="Dress a sky on three layers: a silhouette, something in the sky, and a decoration in front. Pick the sky."
      />
      <WalletIsland load={SkyPicker.load} fallback={<PageFallback />}>
        <SkyPicker />
      </WalletIsland>
    </div>
  )
}
