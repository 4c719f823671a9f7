import { Button } from '@/components/ui/button'
import { Note } from '@/components/ui/note'
import styles from './index-fallback-note.module.css'

export type IndexFallbackNoteProps = { message: string; retrying: boolean; onRetry: () => void }

/** Says the gallery reads the chain because its index is silent, with a way to ask the index again. */
export function IndexFallbackNote({ message, retrying, onRetry }: IndexFallbackNoteProps) {
  return (
    <div className={styles.fallback}>
      <Note tone="warning" role="status">
        {message}
      </Note>
      <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Asking the index…' : 'Try the index again'}
      </Button>
    </div>
  )
}
