import { Button } from '@/components/ui/button'
import { Note } from '@/components/ui/note'
import { DEFAULT_GALLERY_QUERY, type GalleryChange, type GalleryQuery, isNarrowed } from '../utils/gallery-query'
import styles from './gallery-controls.module.css'
import { GalleryFilters } from './gallery-filters'
import { GallerySearch } from './gallery-search'

export type GalleryControlsProps = {
  query: GalleryQuery
  onQuery: (change: GalleryChange) => void
  /** The index's sentence when it refused the view. */
  refusal: string | undefined
  /** Why the controls cannot be used now (the index is not answering). */
  disabled: string | undefined
}

/** Search, order and filters of everyone's skies; every change goes to the URL, so a view can be shared. */
export function GalleryControls({ query, onQuery, refusal, disabled }: GalleryControlsProps) {
  return (
    <fieldset
      className={styles.controls}
      disabled={!!disabled}
      aria-describedby={disabled ? 'gallery-disabled' : undefined}
    >
      <legend className={styles.legend}>Find skies</legend>
      <GallerySearch query={query} onQuery={onQuery} refusal={refusal} />
      {refusal && (
        <Note tone="error" role="alert">
          <span id="gallery-refusal">{refusal}</span>
        </Note>
      )}
      <GalleryFilters query={query} onQuery={onQuery} />
      {disabled ? (
        <p id="gallery-disabled" className={styles.hint}>
          {disabled}
        </p>
      ) : (
        isNarrowed(query) && (
          <Button
            variant="text"
            size="sm"
            className={styles.clear}
            onClick={() => onQuery(() => ({ ...DEFAULT_GALLERY_QUERY }))}
          >
            Clear filters and search
          </Button>
        )
      )}
    </fieldset>
  )
}
