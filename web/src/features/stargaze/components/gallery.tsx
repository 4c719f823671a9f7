import { useMemo } from 'react'
import { GameGate } from '@/components/game-gate'
import { IndexDownError, IndexRefusal } from '@/lib/discovery/discovery-api'
import { INDEX_SILENT } from '../api/discovery'
import { useIndexBehind } from '../hooks/use-index-sync'
import { useIndexedSkies } from '../hooks/use-indexed-skies'
import {
  DEFAULT_GALLERY_QUERY,
  type GalleryChange,
  type GalleryQuery,
  gallerySearch,
  parseGalleryQuery,
} from '../utils/gallery-query'
import { ChainGallery } from './chain-gallery'
import { GalleryControls } from './gallery-controls'
import { IndexFallbackNote } from './index-fallback-note'
import { IndexedResults } from './indexed-results'
import styles from './my-skies.module.css'

export type GalleryProps = {
  /** The page's URL query, which holds the view: it can be shared, and back and forward walk through views. */
  params: URLSearchParams
  /** Moves the page to the URL query made from the one it is at when called. */
  onParams: (next: (current: URLSearchParams) => URLSearchParams) => void
}

type GalleryViewProps = { query: GalleryQuery; onQuery: (change: GalleryChange) => void }

/**
 * Everyone's skies, found through the gallery's index (sorted, filtered, searched) with their images from the chain;
 * no wallet needed. When the index does not answer, the chain's skies newest first, and the controls wait for it.
 */
export function Gallery({ params, onParams }: GalleryProps) {
  const query = useMemo(() => parseGalleryQuery(params), [params])
  return (
    <GameGate loading="Reading the gallery…" silent="The gallery will show when it does.">
      {() => (
        <GalleryView
          query={query}
          onQuery={(change) => onParams((current) => gallerySearch(change(parseGalleryQuery(current))))}
        />
      )}
    </GameGate>
  )
}

function GalleryView({ query, onQuery }: GalleryViewProps) {
  const skies = useIndexedSkies(query)
  const silent = skies.error instanceof IndexDownError ? INDEX_SILENT : undefined
  const refusal = skies.error instanceof IndexRefusal ? skies.error.message : undefined
  const behind = useIndexBehind(silent === undefined)
  const clear = () => onQuery(() => ({ ...DEFAULT_GALLERY_QUERY }))
  return (
    <section aria-label="Everyone’s skies" className={styles.section}>
      <GalleryControls
        query={query}
        onQuery={onQuery}
        refusal={refusal}
        disabled={
          silent ? 'Search, order and filters need the gallery’s index, and come back when it answers.' : undefined
        }
      />
      {silent ? (
        <>
          <IndexFallbackNote message={silent} retrying={skies.isFetching} onRetry={() => skies.refetch()} />
          <ChainGallery />
        </>
      ) : (
        <IndexedResults skies={skies} query={query} behind={behind} onClear={clear} />
      )}
    </section>
  )
}
