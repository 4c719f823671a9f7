import type { Address } from 'viem'
import { IndexReadNote } from '@/components/index-read-note'
import { formatCount } from '@/lib/format/count'
import { useCollector } from '../hooks/use-collector'
import styles from './collector-page.module.css'

/** The collector's figures: skies held, stars revealed on them, constellations completed, gazes made. */
export function CollectorFigures({ address }: { address: Address }) {
  const { data, error } = useCollector(address)
  if (!data) return <IndexReadNote error={error} reading="Reading this collector’s figures…" />
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
          <dd>{formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  )
}
