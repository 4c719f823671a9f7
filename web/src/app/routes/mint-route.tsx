import { ComingSoon } from '@/components/coming-soon'
import { useDocumentTitle } from '@/components/use-document-title'

/** /mint — until minting lands: what it will let you do. */
export function MintRoute() {
  useDocumentTitle('Mint')
  return (
    <ComingSoon icon="mint" title="Mint">
      <p>
        Mint a night sky of your own: a token whose art is drawn entirely by its contract and tied to your time zone.
        Choose its colours, constellation and clouds — or let the sky choose for you.
      </p>
    </ComingSoon>
  )
}
