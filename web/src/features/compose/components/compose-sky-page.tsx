import { PageFallback } from '@/components/page-fallback'
import { useDocumentTitle } from '@/components/use-document-title'
import { lazyIsland, WalletIsland } from '@/lib/shell'

// The sky, its decorations and the writes are read from the chain: code of their own (see WalletIsland).
const ComposeSkyBody = lazyIsland(async () => (await import('./compose-sky-body')).ComposeSkyBody)

/** /compose/:skyId: dress a sky's three layers, see it as the chain will draw it, and apply it in one transaction. */
export function ComposeSkyPage({ skyId }: { skyId: bigint }) {
  useDocumentTitle(`Compose sky #${skyId}`)
  return (
    <WalletIsland load={ComposeSkyBody.load} fallback={<PageFallback />}>
      {/* Another sky is composed from its own layers: what was picked for this one stays with it. */}
      <ComposeSkyBody key={skyId.toString()} skyId={skyId} />
    </WalletIsland>
  )
}
