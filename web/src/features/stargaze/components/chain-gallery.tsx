import { useState } from 'react'
import { GameGate } from '@/components/game-gate'
import { StateNote } from '@/components/state-note'
import { formatCount } from '@/lib/format/count'
import { useGalleryIds } from '../hooks/use-gallery-ids'
import { CHUNK_SIZE, chunk, EAGER_CHUNKS } from '../utils/chunks'
import { GalleryChunk } from './gallery-chunk'
import { MoreSkies } from './more-skies'
import styles from './my-skies.module.css'

/** Everyone's skies read from the chain alone, newest first, a page at a time as the player scrolls. */
export function ChainGallery() {
  const ids = useGalleryIds()
  return (
    <GameGate reads={[ids]} loading="Reading the gallery…" silent="The gallery will show when it does.">
      {() =>
        ids.data?.length ? (
          <ChainGalleryList ids={ids.data} />
        ) : (
          <StateNote title="No skies yet" link={{ label: 'Mint the first sky', to: '/mint' }}>
            Nobody has minted a sky on this network yet.
          </StateNote>
        )
      }
    </GameGate>
  )
}

/** The chain's cards, two pages at first and a page more as the player scrolls. */
function ChainGalleryList({ ids }: { ids: readonly bigint[] }) {
  const [pages, setPages] = useState(2)
  const shown = chunk(ids.slice(0, pages * CHUNK_SIZE))
  return (
    <>
      <p className={styles.count}>
        {formatCount(ids.length)} {ids.length === 1 ? 'sky' : 'skies'} minted, newest first
      </p>
      <ul className={styles.grid}>
        {shown.map((page, index) => (
          <GalleryChunk key={page[0]?.toString()} ids={page} eager={index < EAGER_CHUNKS} />
        ))}
      </ul>
      {pages * CHUNK_SIZE < ids.length && <MoreSkies key={pages} onMore={() => setPages((p) => p + 1)} />}
    </>
  )
}
