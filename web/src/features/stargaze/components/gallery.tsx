import { useEffect, useState } from 'react'
import { StateNote } from '@/components/state-note'
import { Button } from '@/components/ui/button'
import { useNearViewport } from '@/hooks/use-near-viewport'
import { NotDeployedNote, useGameChain } from '@/lib/game'
import { useGalleryIds } from '../hooks/use-gallery-ids'
import { CHUNK_SIZE, chunk, EAGER_CHUNKS } from '../utils/chunks'
import { GalleryChunk } from './gallery-chunk'
import styles from './my-skies.module.css'

/** Everyone's skies, newest first, a page at a time as the player scrolls; no wallet needed. */
export function Gallery() {
  const { deployed } = useGameChain()
  const ids = useGalleryIds()
  const [pages, setPages] = useState(2)
  if (!deployed) return <NotDeployedNote />
  if (ids.error) return <StateNote title="The chain did not answer">The gallery will show when it does.</StateNote>
  if (!ids.data) return <StateNote title="Reading the gallery…" busy />
  if (ids.data.length === 0) {
    return (
      <StateNote title="No skies yet" link={{ label: 'Mint the first sky', to: '/mint' }}>
        Nobody has minted a sky on this network yet.
      </StateNote>
    )
  }
  const shown = chunk(ids.data.slice(0, pages * CHUNK_SIZE))
  return (
    <section aria-label="Everyone’s skies" className={styles.section}>
      <p className={styles.count}>{ids.data.length.toLocaleString('en-US')} skies minted, newest first</p>
      <ul className={styles.grid}>
        {shown.map((page, index) => (
          <GalleryChunk key={page[0]?.toString()} ids={page} eager={index < EAGER_CHUNKS} />
        ))}
      </ul>
      {pages * CHUNK_SIZE < ids.data.length && <MoreSkies key={pages} onMore={() => setPages((p) => p + 1)} />}
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
