import { memo } from 'react'
import styles from './controls.module.css'

export type CloudsControlProps = {
  value: number | null
  onChange: (value: number | null) => void
}

const levels = [
  { value: null, label: 'Sky’s choice' },
  { value: 1, label: 'Clear' },
  { value: 2, label: 'Wisps' },
  { value: 3, label: 'Cloudy' },
  { value: 4, label: 'Overcast' },
] as const

/** Cloud level 1–4, or the sky's own. */
export const CloudsControl = memo(function CloudsControl({ value, onChange }: CloudsControlProps) {
  return (
    <fieldset className={styles.field}>
      <legend className={styles.legend}>Clouds</legend>
      <div className={styles.pills}>
        {levels.map((level) => (
          <label key={level.label} className={styles.pill}>
            <input type="radio" name="clouds" checked={value === level.value} onChange={() => onChange(level.value)} />
            <span>{level.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
})
