import { sentenceOf } from '@/lib/discovery/discovery-api'
import styles from './index-read-note.module.css'
import { Note } from './ui/note'

export type IndexReadNoteProps = {
  /** What the read failed with: the index's own sentence is shown for it. */
  error: unknown
  /** What is being read, as a sentence ("Reading the ranking…"). */
  reading: string
}

/**
 * What stands where a read of the game's index will show: why it did not answer, while the read asks again, or a
 * quiet line saying what is being read. Both are announced politely (`role="status"`).
 */
export function IndexReadNote({ error, reading }: IndexReadNoteProps) {
  if (error != null) {
    return (
      <Note tone="warning" role="status">
        {sentenceOf(error)}
      </Note>
    )
  }
  return (
    <p className={styles.reading} role="status">
      {reading}
    </p>
  )
}
