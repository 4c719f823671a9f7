import type { ReactNode } from 'react'
import { type SkyMetadata, traitOf } from '@/lib/game/token-uri'
import styles from './sky-attributes.module.css'

export type SkyAttributesProps = {
  meta: SkyMetadata
  className?: string
}

const cloudWords: Record<string, string> = { '1': 'Clear', '2': 'Wisps', '3': 'Cloudy', '4': 'Overcast' }

/** "3/8" as "3 of 8". */
const ofTotal = (value: string | number | undefined) =>
  typeof value === 'string' && /^\d+\/\d+$/.test(value) ? value.replace('/', ' of ') : value

function Hue({ value }: { value: string | number | undefined }) {
  const hue = Number(value)
  if (value === undefined || !Number.isInteger(hue)) return <>{value ?? '—'}</>
  return (
    <span className={styles.hue}>
      <span
        className={styles.swatch}
        style={{ background: `hsl(${hue} 70% 58%)`, color: `hsl(${hue} 70% 58%)` }}
        aria-hidden="true"
      />
      {hue}°
    </span>
  )
}

/** A sky's traits from its metadata, in words: time zone, day or night there, hues, clouds, gazes, constellation. */
export function SkyAttributes({ meta, className }: SkyAttributesProps) {
  const trait = (name: string) => traitOf(meta, name)
  const clouds = trait('Clouds')
  const constellation = trait('Constellation')
  const rows: [label: string, value: ReactNode][] = [
    ['Time zone', trait('Time zone')],
    ['Time there', trait('Time')],
    ['Zenith hue', <Hue key="zenith" value={trait('Primary hue')} />],
    ['Horizon hue', <Hue key="horizon" value={trait('Secondary hue')} />],
    ['Clouds', clouds === undefined ? undefined : (cloudWords[String(clouds)] ?? clouds)],
    ['Gazes', trait('Gazes')],
    ['Stars revealed', ofTotal(trait('Stars revealed'))],
    ['Constellation', constellation ?? <span className={styles.secret}>Secret until every star is revealed</span>],
  ]
  return (
    <dl className={[styles.list, className].filter(Boolean).join(' ')}>
      {rows.map(([label, value]) =>
        value === undefined ? null : (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ),
      )}
    </dl>
  )
}
