import { streakWords } from '@chainellation/contracts/streak-words'
import { useQuery } from '@tanstack/react-query'
import { fetchIndexedSky } from '@/lib/discovery/discovery-api'
import { refetchEvery } from '@/lib/discovery/live'
import { useChainNow } from '@/lib/game/use-chain-now'
import styles from './sky-page.module.css'

/**
 * The sky's streak, from the index (which counts it from the gaze events) and the chain's clock (by which it stands
 * or has ended): nights gazed in a row, the longest run, and what tonight asks. Nothing until both are read.
 */
export function SkyStreak({ skyId }: { skyId: bigint }) {
  const indexed = useQuery({
    queryKey: ['discovery', 'sky', Number(skyId)],
    queryFn: ({ signal }) => fetchIndexedSky(Number(skyId), signal),
    refetchInterval: refetchEvery(true),
  })
  const { now } = useChainNow()
  const sky = indexed.data
  if (!sky || now === undefined) return null
  const words = streakWords(sky.streak, { now, tzOffset: sky.tzOffset, completed: sky.completed })
  return (
    <div className={styles.streak} data-testid="sky-streak">
      <p className={styles.streakLine}>{words.line}</p>
      {words.tonight && <p className={styles.streakTonight}>{words.tonight}</p>}
    </div>
  )
}
