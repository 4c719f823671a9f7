import { ComingSoon } from '@/components/coming-soon'
import { useDocumentTitle } from '@/components/use-document-title'

/** /stargaze — until stargazing lands: what it will let you do. */
export function StargazeRoute() {
  useDocumentTitle('Stargaze')
  return (
    <ComingSoon icon="stargaze" title="Stargaze">
      <p>
        When it is night where your sky lives, gaze at it — once a night — to reveal one more star of its secret
        constellation. Reveal them all and the constellation is drawn and named.
      </p>
    </ComingSoon>
  )
}
