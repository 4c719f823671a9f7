import type { Address } from 'viem'
import { Note } from '@/components/ui/note'
import { sentenceOf } from '@/lib/discovery/discovery-api'
import { useCollector } from '../hooks/use-collector'
import styles from './collector-page.module.css'

/** The collector's figures: skies held, stars revealed on them, constellations completed, gazes made. */
export function CollectorFigures({ address }: { address: Address }) {
  const { data, error } = useCollector(address)
  if (!data) {
    return error ? (
      <Note tone="warning" role="status">
        {sentenceOf(error)}
      </Note>
    ) : (
      <p className={styles.waiting} role="status">
        Reading this collector’s figures…
      </p>
    )
  }
  const figures = [
    ['Skies', data.skies],
    ['Stars revealed', data.starsRevealed],
    ['Constellations completed', data.completions],
    ['Gazes', data.gazes],
  ] as const
  return (
    <dl className={styles.figures} aria-label="Figures">
      {figures.map(([label, value]) => (
        <div key={label} className={styles.figure}>
          <dt>{label}</dt>
          <dd>{value.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  )
}
