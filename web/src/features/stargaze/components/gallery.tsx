import { useEffect, useState } from 'react'
import { StateNote } from '@/components/state-note'
import { Button } from '@/components/ui/button'
import { useNearViewport } from '@/hooks/use-near-viewport'
import { GameGate } from '@/lib/game'
import { useGalleryIds } from '../hooks/use-gallery-ids'
import { CHUNK_SIZE, chunk, EAGER_CHUNKS } from '../utils/chunks'
import { GalleryChunk } from './gallery-chunk'
import styles from './my-skies.module.css'

/** Everyone's skies, newest first, a page at a time as the player scrolls; no wallet needed. */
export function Gallery() {
  const ids = useGalleryIds()
  return (
    <GameGate reads={[ids]} loading="Reading the gallery…" silent="The gallery will show when it does.">
      {() =>
        ids.data?.length ? (
          <GalleryList ids={ids.data} />
        ) : (
          <StateNote title="No skies yet" link={{ label: 'Mint the first sky', to: '/mint' }}>
            Nobody has minted a sky on this network yet.
          </StateNote>
        )
      }
    </GameGate>
  )
}

/** The gallery's cards, two pages at first and a page more as the player scrolls. */
function GalleryList({ ids }: { ids: readonly bigint[] }) {
  const [pages, setPages] = useState(2)
  const shown = chunk(ids.slice(0, pages * CHUNK_SIZE))
  return (
    <section aria-label="Everyone’s skies" className={styles.section}>
      <p className={styles.count}>{ids.length.toLocaleString('en-US')} skies minted, newest first</p>
      <ul className={styles.grid}>
        {shown.map((page, index) => (
          <GalleryChunk key={page[0]?.toString()} ids={page} eager={index < EAGER_CHUNKS} />
        ))}
      </ul>
      {pages * CHUNK_SIZE < ids.length && <MoreSkies key={pages} onMore={() => setPages((p) => p + 1)} />}
    </section>
  )
}

/** Loads the next page when it comes near, or when pressed; a new one takes its place for the page after. */
function MoreSkies({ onMore }: { onMore: () => void }) {
  const [ref, near] = useNearViewport<HTMLButtonElement>('200px')
  useEffect(() => {
    if (near) onMore()
  }, [near, onMore])
  return (
    <Button variant="secondary" ref={ref} className={styles.more} onClick={onMore}>
      Show more skies
    </Button>
  )
}
