import { constellations } from '@chainellation/contracts/catalogue'
import { memo, useId } from 'react'
import styles from './controls.module.css'

export type ConstellationControlProps = {
  value: number | null
  onChange: (value: number | null) => void
}

/** The catalogue's constellations, or a secret one the sky chooses. */
export const ConstellationControl = memo(function ConstellationControl({ value, onChange }: ConstellationControlProps) {
  const id = useId()
  return (
    <div className={styles.field}>
      <label className={styles.legend} htmlFor={id}>
        Constellation
      </label>
      <select
        id={id}
        className={styles.select}
        value={value ?? ''}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">Secret — the sky chooses</option>
        {constellations.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} · {c.stars.length} stars
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className={styles.hint}>
        Hidden at first: each night you stargaze reveals one more of its stars.
      </p>
    </div>
  )
})
