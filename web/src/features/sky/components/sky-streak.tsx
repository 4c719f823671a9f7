import { streakWords } from '@chainellation/contracts/streak-words'
import { useQuery } from '@tanstack/react-query'
import { fetchIndexedSky } from '@/lib/discovery/discovery-api'
import { refetchEvery } from '@/lib/discovery/live'
import { useChainNow } from '@/lib/game/use-chain-now'
import styles from './sky-page.module.css'
import { StreakWaiting } from './streak-waiting'

/**
 * The sky's streak, from the index (which counts it from the gaze events) and the chain's clock (by which it stands
 * or has ended): nights gazed in a row, the longest run, and what tonight asks. Its place is kept, the same size,
 * while they are read and when the index does not answer, so that nothing under it moves.
 */
export function SkyStreak({ skyId }: { skyId: bigint }) {
  const indexed = useQuery({
    queryKey: ['discovery', 'sky', Number(skyId)],
    queryFn: ({ signal }) => fetchIndexedSky(Number(skyId), signal),
    refetchInterval: refetchEvery(true),
  })
  const { now } = useChainNow()
  const sky = indexed.data
  if (!sky)
    return indexed.error ? <StreakBox line="Streak" tonight="Shows when the game’s index answers" /> : <StreakWaiting />
  if (now === undefined) return <StreakWaiting />
  const words = streakWords(sky.streak, { now, tzOffset: sky.tzOffset, completed: sky.completed })
  // A whole constellation has no night left to ask for: its second line says so, and the box keeps its height.
  return <StreakBox line={words.line} tonight={words.tonight ?? 'Every star is revealed'} />
}

/** The streak's box: its line, and what tonight asks. */
function StreakBox({ line, tonight }: { line: string; tonight: string }) {
  return (
    <div className={styles.streak} data-testid="sky-streak">
      <p className={styles.streakLine}>{line}</p>
      <p className={styles.streakTonight}>{tonight}</p>
    </div>
  )
}
