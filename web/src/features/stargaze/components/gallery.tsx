import { GameGate } from '@/lib/game'
import { IndexSilent, Refusal } from '../api/discovery'
import { useIndexBehind } from '../hooks/use-index-sync'
import { useIndexedSkies } from '../hooks/use-indexed-skies'
import { DEFAULT_GALLERY_QUERY, type GalleryQuery } from '../utils/gallery-query'
import { ChainGallery } from './chain-gallery'
import { GalleryControls } from './gallery-controls'
import { IndexFallbackNote } from './index-fallback-note'
import { IndexedResults } from './indexed-results'
import styles from './my-skies.module.css'

export type GalleryProps = {
  /** The view the URL asks for. */
  query: GalleryQuery
  /** Shows another view: the page puts it in the URL. */
  onQuery: (query: GalleryQuery) => void
}

/**
 * Everyone's skies, found through the gallery's index (sorted, filtered, searched) with their images from the chain;
 * no wallet needed. When the index does not answer, the chain's skies newest first, and the controls wait for it.
 */
export function Gallery(props: GalleryProps) {
  return (
    <GameGate loading="Reading the gallery…" silent="The gallery will show when it does.">
      {() => <GalleryView {...props} />}
    </GameGate>
  )
}

function GalleryView({ query, onQuery }: GalleryProps) {
  const skies = useIndexedSkies(query)
  const silent = skies.error instanceof IndexSilent ? skies.error.message : undefined
  const refusal = skies.error instanceof Refusal ? skies.error.message : undefined
  const behind = useIndexBehind(silent === undefined)
  const clear = () => onQuery({ ...DEFAULT_GALLERY_QUERY })
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
