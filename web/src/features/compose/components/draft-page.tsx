import { PageFallback } from '@/components/page-fallback'
import { lazyIsland, WalletIsland } from '@/lib/shell'

// The draft's sky and decorations are read from the chain: code of their own (see WalletIsland).
const DraftBody = lazyIsland(async () => (await import('./draft-body')).DraftBody)

/** /draft/:draftId: a shared draft, read-only, drawn for anyone (no wallet needed). */
export function DraftPage({ draftId }: { draftId: string }) {
  return (
    <WalletIsland load={DraftBody.load} fallback={<PageFallback />}>
      <DraftBody draftId={draftId} />
    </WalletIsland>
  )
}
