import { ComingSoon } from '@/components/coming-soon'
import { useDocumentTitle } from '@/components/use-document-title'

/** /compose — until composing lands: what it will let you do. */
export function ComposeRoute() {
  useDocumentTitle('Compose')
  return (
    <ComingSoon icon="compose" title="Compose">
      <p>
        Dress your skies with decorations on three layers: a silhouette, something in the sky and an object. Some are
        free for every sky; others are decoration tokens you own.
      </p>
    </ComingSoon>
  )
}
