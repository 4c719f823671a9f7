import type { Address } from 'viem'
import { IndexReadNote } from '@/components/index-read-note'
import { Button } from '@/components/ui/button'
import { useCollectorSkies } from '../hooks/use-collector-skies'
import styles from './collector-page.module.css'
import { CollectorSkyChunk } from './collector-sky-chunk'

/** The skies the collector holds, newest first, each drawn by the chain and linking to its page. */
export function CollectorSkies({ owner }: { owner: Address }) {
  const list = useCollectorSkies(owner)
  const skies = list.data?.pages.flatMap((page) => page.skies) ?? []
  return (
    <section aria-labelledby="collector-skies" className={styles.skies}>
      <h2 id="collector-skies" className={styles.heading}>
        Skies
      </h2>
      {!list.data && <IndexReadNote error={list.error} reading="Reading this collector’s skies…" />}
      {list.isSuccess && skies.length === 0 && <p className={styles.waiting}>This account holds no sky.</p>}
      {skies.length > 0 && (
        <ul className={styles.grid}>
          {list.data?.pages.map((page) => (
            <CollectorSkyChunk key={page.page} skies={page.skies} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          variant="secondary"
          className={styles.more}
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          Show more skies
        </Button>
      )}
    </section>
  )
}
