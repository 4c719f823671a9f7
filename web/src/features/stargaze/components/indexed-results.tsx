import { StateNote } from '@/components/state-note'
import { Note } from '@/components/ui/note'
import { formatCount } from '@/lib/format/count'
import type { useIndexedSkies } from '../hooks/use-indexed-skies'
import { chunk, EAGER_CHUNKS } from '../utils/chunks'
import { SORT_LABELS } from '../utils/gallery-labels'
import { type GalleryQuery, isNarrowed } from '../utils/gallery-query'
import { IndexedChunk } from './indexed-chunk'
import { MoreSkies } from './more-skies'
import styles from './my-skies.module.css'

export type IndexedResultsProps = {
  skies: ReturnType<typeof useIndexedSkies>
  query: GalleryQuery
  /** Blocks the index trails the chain by, when more than a few. */
  behind: number | undefined
  onClear: () => void
}

/** The index's answer: the matching skies a page at a time, or what stands in their place, each with a way on. */
export function IndexedResults({ skies, query, behind, onClear }: IndexedResultsProps) {
  const lag = behind !== undefined && (
    <Note tone="warning" role="status">
      The gallery’s index is {formatCount(behind)} {behind === 1 ? 'block' : 'blocks'} behind the chain: the newest
      skies and gazes may be missing for a moment.
    </Note>
  )
  if (!skies.data) {
    if (skies.isPending && !skies.isError) return <StateNote title="Reading the gallery…" busy />
    return (
      <StateNote
        title="Nothing to show for this search"
        action={{ label: 'Clear filters and search', onClick: onClear }}
      >
        Change the search above, or clear it to see every sky.
      </StateNote>
    )
  }
  const shown = skies.data.pages.flatMap((page) => page.skies)
  if (!shown.length) {
    return (
      <>
        {lag}
        {isNarrowed(query) ? (
          <StateNote title="No skies match" action={{ label: 'Clear filters and search', onClick: onClear }}>
            No sky matches these filters and this search. Clear them to see every sky.
          </StateNote>
        ) : (
          <StateNote title="No skies yet" link={{ label: 'Mint the first sky', to: '/mint' }}>
            Nobody has minted a sky on this network yet.
          </StateNote>
        )}
      </>
    )
  }
  const narrowed = isNarrowed(query)
  return (
    <>
      {lag}
      <p className={styles.count} role="status">
        {narrowed ? 'Matching skies' : 'Every sky'}, {SORT_LABELS[query.sort].toLowerCase()}
        {skies.refused ? ', as before the search above' : skies.isPlaceholderData ? ' (updating…)' : ''}
      </p>
      <ul className={styles.grid} aria-busy={skies.isPlaceholderData}>
        {chunk(shown).map((page, index) => (
          <IndexedChunk key={page[0]?.id} skies={page} eager={index < EAGER_CHUNKS} streaks={query.sort === 'streak'} />
        ))}
      </ul>
      {skies.isFetchingNextPage ? (
        <p className={styles.count} role="status">
          Loading more skies…
        </p>
      ) : skies.hasNextPage ? (
        <MoreSkies key={shown.length} onMore={() => skies.fetchNextPage()} />
      ) : null}
    </>
  )
}
